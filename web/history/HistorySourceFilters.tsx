import { projectName } from '../../shared/choice/gate-source.js';
import { t } from '../config/i18n.js';

/**
 * History's project and agent pickers. The hub sends every project and agent of the finished gates (not only those
 * on the page shown), so a gate on a later page can be found by its project; a chosen value stays offered.
 */
export function HistorySourceFilters(props: { projects: string[]; agents: string[]; project: string; agent: string; onProject: (v: string) => void; onAgent: (v: string) => void }) {
  const projects = withChosen(props.projects, props.project);
  const agents = withChosen(props.agents, props.agent);
  return (
    <>
      <select value={props.project} aria-label={t('source.project')} onChange={(e) => props.onProject(e.currentTarget.value)} data-testid="history-project">
        <option value="">{t('source.allProjects')}</option>
        {projects.map((p) => (
          <option key={p} value={p} title={p}>{projectName(p)}</option>
        ))}
      </select>
      <select value={props.agent} aria-label={t('source.agent')} onChange={(e) => props.onAgent(e.currentTarget.value)} data-testid="history-agent">
        <option value="">{t('source.anyAgent')}</option>
        {agents.map((a) => (
          <option key={a} value={a}>{a}</option>
        ))}
      </select>
    </>
  );
}

function withChosen(values: string[], chosen: string): string[] {
  return chosen && !values.includes(chosen) ? [...values, chosen].sort() : values;
}

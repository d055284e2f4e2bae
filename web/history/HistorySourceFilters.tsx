import { useState } from 'preact/hooks';
import { projectName } from '../../shared/choice/gate-source.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';

/**
 * History's project and agent pickers. The choices are the projects and agents seen on the pages shown so far
 * (kept while a filter narrows the page, so a choice never vanishes from under the person).
 */
export function HistorySourceFilters(props: { items: ChoiceSessionView[]; project: string; agent: string; onProject: (v: string) => void; onAgent: (v: string) => void }) {
  const [seen] = useState(() => ({ projects: new Set<string>(), agents: new Set<string>() }));
  for (const item of props.items) {
    if (item.source?.project) seen.projects.add(item.source.project);
    if (item.source?.agent) seen.agents.add(item.source.agent);
  }
  if (props.project) seen.projects.add(props.project);
  if (props.agent) seen.agents.add(props.agent);
  return (
    <>
      <select value={props.project} aria-label={t('source.project')} onChange={(e) => props.onProject(e.currentTarget.value)} data-testid="history-project">
        <option value="">{t('source.allProjects')}</option>
        {[...seen.projects].sort().map((p) => (
          <option key={p} value={p} title={p}>{projectName(p)}</option>
        ))}
      </select>
      <select value={props.agent} aria-label={t('source.agent')} onChange={(e) => props.onAgent(e.currentTarget.value)} data-testid="history-agent">
        <option value="">{t('source.anyAgent')}</option>
        {[...seen.agents].sort().map((a) => (
          <option key={a} value={a}>{a}</option>
        ))}
      </select>
    </>
  );
}

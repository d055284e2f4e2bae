import { formatRemaining } from '../../shared/choice/format-remaining.js';
import { projectName, sourceTask } from '../../shared/choice/gate-source.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import { t } from '../config/i18n.js';

/** A row's "who is asking" line (agent · workflow/task · project folder, full path on hover) and, while pending, its time left. */
export function RowSource({ row, now }: { row: InteractionSummary; now: number }) {
  const source = row.source;
  const project = projectName(source?.project);
  const agent = source ? (source.agent ?? source.kind) : null;
  const left = row.active && row.deadline_at ? Date.parse(row.deadline_at) - now : null;
  if (!agent && left === null) return null;
  return (
    <span class="irow-source">
      {agent && (
        <span class="irow-who" data-testid="row-source" title={source?.project ?? undefined}>
          {[agent, sourceTask(source), project].filter(Boolean).join(' · ')}
          {source?.branch ? <span class="irow-branch"> @ {source.branch}</span> : null}
          {source?.machine ? <span class="irow-machine" data-testid="row-machine"> · {source.machine}</span> : null}
        </span>
      )}
      {left !== null && (
        <span class="irow-left" data-testid="row-left">
          {t('common:remaining', { time: formatRemaining(left) })}
        </span>
      )}
    </span>
  );
}

import './permission-view.css';
import type { PermissionView as View } from '../../shared/permission/view.js';
import { t } from '../config/i18n.js';
import { CommandParts } from './CommandParts.js';
import { FileDiff } from './FileDiff.js';
import { McpCall } from './McpCall.js';

/**
 * What a permission gate would do (issue 22), as the hub computed it when the gate was made: a diff per file for an
 * edit or write, a command's parts with their marks, an MCP call's arguments. Its own chunk: a plain question's
 * first load does not carry it.
 */
export function PermissionView({ view }: { view: View }) {
  return (
    <section class="pv" data-testid="permission-view" data-kind={view.kind} aria-label={t('permission.heading')}>
      {view.risk && (
        <p class={`pv-risk pv-risk-${view.risk.grade}`} data-testid="pv-risk" data-grade={view.risk.grade} title={view.risk.reasons.join('\n')}>
          <strong>{t('permission.risk', { grade: t(`permission.grade.${view.risk.grade}`) })}</strong> {view.risk.reasons.join('; ')}
        </p>
      )}
      {view.kind === 'edit' && view.files.map((file, i) => <FileDiff key={`${file.path}-${i}`} file={file} />)}
      {view.kind === 'command' && <CommandParts view={view} />}
      {view.kind === 'mcp' && <McpCall view={view} />}
    </section>
  );
}

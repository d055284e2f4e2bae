import { Fragment } from 'preact';
import type { McpView } from '../../shared/permission/view.js';
import { t } from '../config/i18n.js';

/** An MCP tool call: its server and tool, then each argument on a row of its own. */
export function McpCall({ view }: { view: McpView }) {
  return (
    <dl class="pv-mcp" data-testid="pv-mcp">
      <dt>{t('permission.server')}</dt>
      <dd>
        <code>{view.server}</code>
      </dd>
      <dt>{t('permission.tool')}</dt>
      <dd>
        <code>{view.tool}</code>
      </dd>
      {view.args.length === 0 && (
        <>
          <dt>{t('permission.args')}</dt>
          <dd class="muted">{t('permission.noArgs')}</dd>
        </>
      )}
      {view.args.map((a) => (
        <Fragment key={a.name}>
          <dt>{a.name}</dt>
          <dd>
            <pre class="pv-value">{a.value}</pre>
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

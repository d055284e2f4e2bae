import type { ResolveTaskView } from '../../server/resolver/resolve-types.js';
import { t } from '../config/i18n.js';

/** Finished: the file (or dependency) and where it came from. Failed: tsci's own words and its exit code. */
export function ResolveOutcomeView({ task }: { task: ResolveTaskView }) {
  if (task.state === 'finished') {
    return (
      <section class="rs-section rs-outcome rs-outcome-ok" data-testid="resolve-result">
        <h2 class="rs-subtitle">{t('resolve.result')}</h2>
        <dl class="facts">
          <dt>{t('resolve.location')}</dt>
          <dd>
            <code data-testid="resolve-location">{task.location}</code>
          </dd>
          <dt>{t('resolve.source')}</dt>
          <dd data-testid="resolve-source" data-source={task.source}>
            {t(task.source === 'local' ? 'resolve.sourceLocal' : 'resolve.sourceGlobal')}
          </dd>
        </dl>
      </section>
    );
  }
  if (task.state === 'failed') {
    return (
      <section class="rs-section rs-outcome rs-outcome-bad" data-testid="resolve-failure">
        <h2 class="rs-subtitle">{t('common:resolveStatus.failed')}</h2>
        <dl class="facts">
          <dt>{t('resolve.reason')}</dt>
          <dd>
            <pre class="rs-output" data-testid="resolve-reason">{task.reason}</pre>
          </dd>
          <dt>{t('resolve.exitCode')}</dt>
          <dd data-testid="resolve-exit-code">{task.exit_code ?? t('resolve.exitNone')}</dd>
        </dl>
      </section>
    );
  }
  return null;
}

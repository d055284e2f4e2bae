import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n.js';
import { api } from '../state/api.js';

/** The permission policy as GET /api/health reports it. */
interface PolicyHealth {
  file: string;
  exists: boolean;
  rules: number;
  on_timeout: string;
  errors: string[];
  warnings: string[];
}

/**
 * The permission policy in the settings panel: which file, how many rules, what a timeout does — and, when it does
 * not parse, its errors (file:line:column: what was expected), since until it is fixed every request comes to you.
 */
export function PolicyStatus() {
  const [policy, setPolicy] = useState<PolicyHealth | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ policy?: PolicyHealth }>('GET', '/api/health').then((h) => setPolicy(h.policy ?? null), (err: Error) => setError(t('error.generic', { message: err.message })));
  }, []);
  return (
    <fieldset data-testid="policy-status">
      <legend>{t('settings.policy.title')}</legend>
      {error && <p class="error" role="alert">{error}</p>}
      {policy && (
        <>
          <p>
            <code>{policy.file}</code> — {policy.exists ? t('settings.policy.rules', { count: policy.rules }) : t('settings.policy.none')} ·{' '}
            {t('settings.policy.onTimeout', { value: policy.on_timeout })}
          </p>
          {policy.errors.length > 0 && (
            <div class="error" role="alert" data-testid="policy-errors">
              <p>{t('settings.policy.broken')}</p>
              <ul>{policy.errors.map((e) => <li key={e}><code>{e}</code></li>)}</ul>
            </div>
          )}
          {policy.warnings.length > 0 && (
            <ul class="hint" data-testid="policy-warnings">{policy.warnings.map((w) => <li key={w}>{w}</li>)}</ul>
          )}
          <p class="hint">{t('settings.policy.hint')}</p>
        </>
      )}
    </fieldset>
  );
}

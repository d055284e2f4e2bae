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
  /** The file does not parse at all (else errors are entries left out). */
  broken?: boolean;
  last_valid?: { file: string; saved_at: string } | null;
}

/**
 * The permission policy in the settings panel: which file, how many rules, what a timeout does — and its errors
 * (file:line:column: what was expected): entries left out while every other rule holds, or a file that does not
 * parse, when only the deny rules of its last valid version hold and every other request comes to you.
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
              <p>{policy.broken ? (policy.last_valid ? t('settings.policy.brokenKept', { savedAt: policy.last_valid.saved_at }) : t('settings.policy.broken')) : t('settings.policy.skipped')}</p>
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

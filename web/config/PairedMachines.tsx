import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n.js';
import { api } from '../state/api.js';

/** A key as GET /api/agent-keys lists it (never the key or its hash). */
interface AgentKeyRow {
  id: string;
  name: string;
  state: 'live' | 'expired' | 'revoked';
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_from: string | null;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : t('settings.paired.never'));

/**
 * The paired machines in the settings panel: each agent key's name, state, when made, last used and from where; a
 * live key is revoked here at once (after a confirm), as `gatehouse keys revoke NAME` does.
 */
export function PairedMachines() {
  const [keys, setKeys] = useState<AgentKeyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => api<{ keys: AgentKeyRow[] }>('GET', '/api/agent-keys').then((answer) => setKeys(answer.keys), (err: Error) => setError(t('error.generic', { message: err.message })));
  useEffect(() => {
    void load();
  }, []);
  const revoke = async (name: string) => {
    if (!confirm(t('settings.paired.confirmRevoke', { name }))) return;
    setError(null);
    try {
      await api('POST', `/api/agent-keys/${encodeURIComponent(name)}/revoke`);
      await load();
    } catch (err) {
      setError(t('error.generic', { message: (err as Error).message }));
    }
  };
  return (
    <fieldset data-testid="paired-machines">
      <legend>{t('settings.paired.title')}</legend>
      {error && <p class="error" role="alert">{error}</p>}
      {keys && keys.length === 0 && <p>{t('settings.paired.none')}</p>}
      {keys && keys.length > 0 && (
        <>
          <table class="paired-keys">
            <thead>
              <tr>
                {(['name', 'state', 'created', 'expires', 'lastUsed', 'from'] as const).map((k) => <th key={k}>{t(`settings.paired.${k}`)}</th>)}
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} data-testid="paired-key">
                  <td>{key.name}</td>
                  <td>{t(`settings.paired.${key.state}`)}</td>
                  <td>{when(key.created_at)}</td>
                  <td>{when(key.expires_at)}</td>
                  <td>{when(key.last_used_at)}</td>
                  <td>{key.last_used_from ?? '–'}</td>
                  <td>
                    {key.state === 'live' && (
                      <button type="button" class="btn btn-quiet" onClick={() => void revoke(key.name)} data-testid="paired-revoke">
                        {t('settings.paired.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="hint">{t('settings.paired.hint')}</p>
        </>
      )}
    </fieldset>
  );
}

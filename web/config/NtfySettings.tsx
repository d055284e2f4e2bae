import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n.js';
import { api } from '../state/api.js';

const STATUS_RECHECK_MS = 1000;
type Field = 'server_url' | 'topic' | 'reply_topic';
const FIELDS: Array<{ field: Field; label: string; placeholder: string }> = [
  { field: 'server_url', label: 'settings.ntfy.serverUrl', placeholder: 'https://ntfy.sh' },
  { field: 'topic', label: 'settings.ntfy.topic', placeholder: 'gates-…' },
  { field: 'reply_topic', label: 'settings.ntfy.replyTopic', placeholder: 'gate-answers-…' },
];

/** GET/PUT /api/channels/ntfy: whether tokens are set, never a token. */
interface NtfyView {
  settings: Record<Field, string | null> & { token_set: boolean };
  status: { state: 'off' | 'invalid' | 'connecting' | 'ok' | 'down'; detail: string | null } | null;
}

/**
 * The ntfy channel in the settings panel: server, topic, reply topic and access token (write-only, like Telegram's),
 * and "send a test". Saves only what was changed; a refused value shows the field the hub names.
 */
export function NtfySettings() {
  const [view, setView] = useState<NtfyView | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ server_url: '', topic: '', reply_topic: '' });
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const show = (next: NtfyView) => {
    setView(next);
    setValues({ server_url: next.settings.server_url ?? '', topic: next.settings.topic ?? '', reply_topic: next.settings.reply_topic ?? '' });
  };
  useEffect(() => {
    api<NtfyView>('GET', '/api/channels/ntfy').then(show, (err: Error) => setError(t('error.generic', { message: err.message })));
  }, []);
  const connecting = view?.status?.state === 'connecting';
  useEffect(() => {
    if (!connecting) return;
    const timer = setTimeout(() => {
      api<NtfyView>('GET', '/api/channels/ntfy').then((fresh) => setView((v) => (v ? { ...v, status: fresh.status } : fresh)), () => undefined);
    }, STATUS_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [connecting, view]);

  const run = async (call: () => Promise<void>) => {
    setError(null);
    setNote(null);
    try {
      await call();
    } catch (err) {
      setError(t('error.generic', { message: (err as Error).message }));
    }
  };
  const put = (patch: Record<string, unknown>) =>
    run(async () => {
      show(await api<NtfyView>('PUT', '/api/channels/ntfy', patch));
      setToken('');
      setNote(t('settings.saved'));
    });
  const save = (event: Event) => {
    event.preventDefault();
    const patch: Record<string, unknown> = {};
    for (const { field } of FIELDS) if (values[field].trim() !== (view?.settings[field] ?? '')) patch[field] = values[field].trim() || null;
    if (token.trim()) patch.token = token.trim();
    void put(patch);
  };
  const test = () =>
    run(async () => {
      const sent = await api<{ sent_to: string }>('POST', '/api/channels/ntfy/test', {});
      setNote(t('settings.ntfy.testSent', { where: sent.sent_to }));
    });

  const status = view?.status;
  return (
    <fieldset data-testid="ntfy-settings">
      <legend>{t('settings.ntfy.title')}</legend>
      <form onSubmit={save}>
        {status && (
          <p class="muted small" data-testid="ntfy-status" data-state={status.state} title={status.detail ?? ''}>
            {t(`channel.ntfy.${status.state}`)}
            {status.detail ? ` — ${status.detail}` : ''}
          </p>
        )}
        {FIELDS.map(({ field, label, placeholder }) => (
          <label class="field" key={field}>
            <span>{t(label)}</span>
            <input type="text" autocomplete="off" value={values[field]} placeholder={placeholder} onInput={(e) => setValues((v) => ({ ...v, [field]: e.currentTarget.value }))} data-testid={`ntfy-${field}`} />
          </label>
        ))}
        <label class="field">
          <span>{t('settings.ntfy.token')}</span>
          <input
            type="password"
            autocomplete="off"
            value={token}
            placeholder={t(view?.settings.token_set ? 'settings.ntfy.tokenSet' : 'settings.ntfy.tokenUnset')}
            onInput={(e) => setToken(e.currentTarget.value)}
            data-testid="ntfy-token"
          />
        </label>
        {view?.settings.token_set && (
          <button type="button" class="btn btn-quiet" onClick={() => void put({ token: null })} data-testid="ntfy-token-clear">
            {t('settings.ntfy.clearToken')}
          </button>
        )}
        <div class="row">
          <button type="submit" class="btn" data-testid="ntfy-save">{t('settings.ntfy.save')}</button>
          <button type="button" class="btn btn-quiet" onClick={() => void test()} disabled={status?.state === 'off' || status?.state === 'invalid'} data-testid="ntfy-test">
            {t('settings.ntfy.test')}
          </button>
          {note && <span role="status" data-testid="ntfy-note">{note}</span>}
        </div>
        {error && <p class="error" role="alert" data-testid="ntfy-error">{error}</p>}
      </form>
    </fieldset>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n.js';
import { api } from '../state/api.js';

type SendMode = 'all' | 'no-portal' | 'older-than';
const SEND_MODES: Array<{ mode: SendMode; label: string }> = [
  { mode: 'all', label: 'settings.telegram.sendAll' },
  { mode: 'no-portal', label: 'settings.telegram.sendNoPortal' },
  { mode: 'older-than', label: 'settings.telegram.sendOlderThan' },
];
const DEFAULT_OLDER_THAN = 60;
const STATUS_RECHECK_MS = 1000;

/** GET/PUT /api/channels/telegram: what a browser may see — whether a token is set, never the token. */
interface TelegramView {
  settings: { token_set: boolean; chat_id: string | null; send: SendMode | null; older_than_seconds: number | null };
  status: { state: 'off' | 'invalid' | 'connecting' | 'ok' | 'down'; detail: string | null } | null;
}

/**
 * The Telegram channel in the settings panel: bot token (write-only: typed here, saved by the hub 0600, never sent
 * back), chat id, and which gates go to Telegram. Saves only what was changed, so values from the hub's environment
 * are not copied into its saved settings; a refused value is shown with the field the hub names.
 */
export function TelegramSettings() {
  const [view, setView] = useState<TelegramView | null>(null);
  const [token, setToken] = useState('');
  const [chatId, setChatId] = useState('');
  const [send, setSend] = useState<SendMode>('all');
  const [olderThan, setOlderThan] = useState(String(DEFAULT_OLDER_THAN));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const show = (next: TelegramView) => {
    setView(next);
    setChatId(next.settings.chat_id ?? '');
    setSend(next.settings.send ?? 'all');
    setOlderThan(String(next.settings.older_than_seconds ?? DEFAULT_OLDER_THAN));
  };
  useEffect(() => {
    api<TelegramView>('GET', '/api/channels/telegram').then(show, (err: Error) => setError(t('error.generic', { message: err.message })));
  }, []);
  // While the channel (re)connects, look again until it says how it went (only its state; the form is left alone).
  const connecting = view?.status?.state === 'connecting';
  useEffect(() => {
    if (!connecting) return;
    const timer = setTimeout(() => {
      api<TelegramView>('GET', '/api/channels/telegram').then((fresh) => setView((v) => (v ? { ...v, status: fresh.status } : fresh)), () => undefined);
    }, STATUS_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [connecting, view]);

  const put = async (patch: Record<string, unknown>) => {
    setError(null);
    setSaved(false);
    try {
      show(await api<TelegramView>('PUT', '/api/channels/telegram', patch));
      setToken('');
      setSaved(true);
    } catch (err) {
      setError(t('error.generic', { message: (err as Error).message }));
    }
  };

  const save = (event: Event) => {
    event.preventDefault();
    const was = view?.settings;
    const patch: Record<string, unknown> = {};
    if (token.trim()) patch.token = token.trim();
    if (chatId.trim() !== (was?.chat_id ?? '')) patch.chat_id = chatId.trim() || null;
    if (send !== (was?.send ?? 'all')) patch.send = send;
    if (send === 'older-than') {
      const seconds = Number(olderThan);
      // Not a number: sent as typed, so the hub's answer names the field and the problem.
      if (seconds !== was?.older_than_seconds) patch.older_than_seconds = olderThan.trim() !== '' && Number.isFinite(seconds) ? seconds : olderThan;
    }
    void put(patch);
  };

  const status = view?.status;
  return (
    <fieldset data-testid="telegram-settings">
      <legend>{t('settings.telegram.title')}</legend>
      <form onSubmit={save}>
        {status && (
          <p class="muted small" data-testid="telegram-status" data-state={status.state} title={status.detail ?? ''}>
            {t(`channel.telegram.${status.state}`)}
            {status.detail ? ` — ${status.detail}` : ''}
          </p>
        )}
        <label class="field">
          <span>{t('settings.telegram.token')}</span>
          <input
            type="password"
            autocomplete="off"
            value={token}
            placeholder={t(view?.settings.token_set ? 'settings.telegram.tokenSet' : 'settings.telegram.tokenUnset')}
            onInput={(e) => setToken(e.currentTarget.value)}
            data-testid="telegram-token"
          />
        </label>
        {view?.settings.token_set && (
          <button type="button" class="btn btn-quiet" onClick={() => void put({ token: null })} data-testid="telegram-token-clear">
            {t('settings.telegram.clearToken')}
          </button>
        )}
        <label class="field">
          <span>{t('settings.telegram.chatId')}</span>
          <input type="text" inputMode="numeric" value={chatId} onInput={(e) => setChatId(e.currentTarget.value)} data-testid="telegram-chat-id" />
        </label>
        <fieldset>
          <legend>{t('settings.telegram.send')}</legend>
          {SEND_MODES.map(({ mode, label }) => (
            <label class="check" key={mode}>
              <input type="radio" name="telegram_send" checked={send === mode} onChange={() => setSend(mode)} data-testid={`telegram-send-${mode}`} />
              {t(label)}
              {mode === 'older-than' && (
                <>
                  <input
                    type="number"
                    min="0"
                    max="86400"
                    value={olderThan}
                    disabled={send !== 'older-than'}
                    onInput={(e) => setOlderThan(e.currentTarget.value)}
                    aria-label={`${t(label)} (${t('settings.telegram.seconds')})`}
                    data-testid="telegram-older-than"
                  />
                  {t('settings.telegram.seconds')}
                </>
              )}
            </label>
          ))}
        </fieldset>
        <div class="row">
          <button type="submit" class="btn" data-testid="telegram-save">{t('settings.telegram.save')}</button>
          {saved && <span role="status" data-testid="telegram-saved">{t('settings.saved')}</span>}
        </div>
        {error && <p class="error" role="alert" data-testid="telegram-error">{error}</p>}
      </form>
    </fieldset>
  );
}

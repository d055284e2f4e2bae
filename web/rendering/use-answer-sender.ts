import { useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';
import { api, ApiError } from '../state/api.js';
import { useServices } from '../state/app-context.js';

/**
 * Sends a pending choice's answer or cancel as interface `web` and puts the hub's reply in the store; a session
 * that ended meanwhile shows its final state, any other failure a message. `beforeSend` stops draft saving.
 */
export function useAnswerSender(session: ChoiceSessionView, beforeSend: () => void) {
  const { store } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (path: 'submit' | 'cancel', body: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    beforeSend();
    try {
      const reply = await api<{ session: ChoiceSessionView }>('POST', `/api/sessions/${encodeURIComponent(session.id)}/${path}`, { ...body, interface: 'web' });
      store.putSession(reply.session);
    } catch (err) {
      const ended = err instanceof ApiError && (err.body.session as ChoiceSessionView | undefined);
      if (ended) store.putSession(ended);
      else setError(t('error.generic', { message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, send };
}

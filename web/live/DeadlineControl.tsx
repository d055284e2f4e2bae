import { useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';
import { api } from '../state/api.js';
import { useServices } from '../state/app-context.js';
import { remainingMs } from './clock-offset.js';

/** Moves the hub's deadline (POST /api/sessions/:id/deadline); every open page sees the new time over WebSocket. */
export function DeadlineControl({ session }: { session: ChoiceSessionView }) {
  const { store, socket } = useServices();
  const deadline = Date.parse(session.deadline_at);
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState('5');
  const [error, setError] = useState<string | null>(null);

  const setRemaining = async (seconds: number) => {
    setError(null);
    try {
      const { session: updated } = await api<{ session: ChoiceSessionView }>('POST', `/api/sessions/${encodeURIComponent(session.id)}/deadline`, { timeout_seconds: Math.round(seconds) });
      store.putSession(updated);
    } catch (err) {
      setError(t('error.generic', { message: (err as Error).message }));
    }
  };
  const left = () => remainingMs(deadline, socket.clock, Date.now()) / 1000;

  if (!open) {
    return (
      <button type="button" class="btn btn-quiet" onClick={() => setOpen(true)} data-testid="deadline-open">
        {t('timeout.change')}
      </button>
    );
  }
  return (
    <form
      class="deadline"
      data-testid="deadline-form"
      onSubmit={(e) => {
        e.preventDefault();
        const value = Number(minutes);
        if (Number.isFinite(value) && value > 0) void setRemaining(value * 60);
      }}
    >
      <label>
        {t('timeout.minutes')}
        <input type="number" min="0.2" step="any" value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} data-testid="deadline-minutes" />
      </label>
      <button type="submit" class="btn">{t('timeout.apply')}</button>
      <button type="button" class="btn btn-quiet" onClick={() => void setRemaining(left() + 60)}>{t('timeout.add1')}</button>
      <button type="button" class="btn btn-quiet" onClick={() => void setRemaining(left() + 300)}>{t('timeout.add5')}</button>
      {error && <p class="error" role="alert">{error}</p>}
    </form>
  );
}

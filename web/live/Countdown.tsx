import { useEffect, useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { formatRemaining, remainingMs } from './clock-offset.js';

const REFRESH_MS = 100;

/** The session's hub deadline in hub epoch ms: the latest tick or session message, whichever came last. */
export function useDeadline(session: ChoiceSessionView): number {
  const { store } = useServices();
  const ticked = useStore(store, (s) => s.deadlines[session.id]);
  return ticked ?? Date.parse(session.deadline_at);
}

/** Time left, from the hub's authoritative deadline corrected for the clock offset; refreshed 10×/s. */
export function Countdown({ session }: { session: ChoiceSessionView }) {
  const { socket } = useServices();
  const deadline = useDeadline(session);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const ms = remainingMs(deadline, socket.clock, now);
  const urgent = ms < 10_000;
  return (
    <span class={`countdown${urgent ? ' countdown-urgent' : ''}`} data-testid="countdown" data-remaining-ms={Math.round(ms)} role="timer" aria-live="off">
      {t('common:remaining', { time: formatRemaining(ms) })}
    </span>
  );
}

import { useEffect, useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { formatRemaining, remainingMs } from './clock-offset.js';

const REFRESH_MS = 100;

/**
 * Time left, counted down locally from the hub's authoritative deadline (the followed session's `deadline_at`,
 * re-sent by the hub whenever it moves) corrected for the clock offset; redrawn 10×/s with no traffic.
 */
export function Countdown({ session }: { session: ChoiceSessionView }) {
  const { socket } = useServices();
  const deadline = Date.parse(session.deadline_at);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const ms = remainingMs(deadline, socket.clock, now);
  const urgent = ms < 10_000;
  return (
    <span class={`countdown${urgent ? ' countdown-urgent' : ''}`} data-testid="countdown" data-remaining-ms={Math.round(ms)} data-deadline={deadline} role="timer" aria-live="off">
      {t('common:remaining', { time: formatRemaining(ms) })}
    </span>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';

interface ChannelStatus {
  state: 'off' | 'invalid' | 'connecting' | 'ok' | 'down';
  detail: string | null;
}

const REFRESH_MS = 10_000;
const CLASS: Record<ChannelStatus['state'], string> = { ok: 'conn conn-open', down: 'conn conn-closed', invalid: 'conn conn-closed', connecting: 'conn', off: 'conn' };

/**
 * A chip in the header saying whether answering from Telegram works; hidden when it is off. The page starts with the
 * state the hub embedded (no request on the first load), then follows /api/health.
 */
export function ChannelIndicator() {
  const { boot } = useServices();
  const [telegram, setTelegram] = useState<ChannelStatus | null>(boot.telegram);
  useEffect(() => {
    let stopped = false;
    const load = () =>
      fetch('/api/health', { credentials: 'same-origin' })
        .then((r) => (r.ok ? (r.json() as Promise<{ channels?: { telegram?: ChannelStatus } }>) : null))
        .then((health) => !stopped && setTelegram(health?.channels?.telegram ?? null))
        .catch(() => undefined);
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (!telegram || telegram.state === 'off') return null;
  return (
    <span class={CLASS[telegram.state]} data-testid="channel-telegram" data-state={telegram.state} title={telegram.detail ?? ''} role="status">
      {t(`channel.telegram.${telegram.state}`)}
    </span>
  );
}

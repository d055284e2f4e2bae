import { useEffect, useState } from 'preact/hooks';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';

interface ChannelStatus {
  state: 'off' | 'invalid' | 'connecting' | 'ok' | 'down';
  detail: string | null;
}

const REFRESH_MS = 10_000;
const CLASS: Record<ChannelStatus['state'], string> = { ok: 'conn conn-open', down: 'conn conn-closed', invalid: 'conn conn-closed', connecting: 'conn', off: 'conn' };

/** The channels with a chip: Telegram and ntfy (answering from the phone) and the paired machines (agents on other machines). */
const CHIPS = ['telegram', 'ntfy', 'paired'] as const;
type Chip = (typeof CHIPS)[number];

/**
 * Chips in the header saying whether answering from Telegram or ntfy works and whether the paired machines are heard from;
 * each hidden while off. The page starts with the states the hub embedded (no request on the first load), then
 * follows /api/health.
 */
export function ChannelIndicator() {
  const { boot } = useServices();
  const [channels, setChannels] = useState<Record<Chip, ChannelStatus | null>>({ telegram: boot.telegram, ntfy: boot.ntfy ?? null, paired: boot.paired ?? null });
  useEffect(() => {
    let stopped = false;
    const load = () =>
      fetch('/api/health', { credentials: 'same-origin' })
        .then((r) => (r.ok ? (r.json() as Promise<{ channels?: Partial<Record<Chip, ChannelStatus>> }>) : null))
        .then((health) => !stopped && setChannels({ telegram: health?.channels?.telegram ?? null, ntfy: health?.channels?.ntfy ?? null, paired: health?.channels?.paired ?? null }))
        .catch(() => undefined);
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  return (
    <>
      {CHIPS.map((chip) => {
        const status = channels[chip];
        if (!status || status.state === 'off') return null;
        return (
          <span key={chip} class={CLASS[status.state]} data-testid={`channel-${chip}`} data-state={status.state} title={status.detail ?? ''} role="status">
            {t(`channel.${chip}.${status.state}`)}
          </span>
        );
      })}
    </>
  );
}

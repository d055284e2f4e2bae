/** How a channel to the outside (Telegram, the notify webhook) is doing, as /api/health shows it. */
export interface ChannelStatus {
  /** off: not configured · invalid: misconfigured · connecting · ok · down: the service fails, retrying. */
  state: 'off' | 'invalid' | 'connecting' | 'ok' | 'down';
  detail: string | null;
  since: string;
  /** The last failure (redacted), kept after recovery so a flaky service shows. */
  last_error: string | null;
  last_error_at: string | null;
}

/** Every channel's status by name. Changing a state records when; an error is kept as the last one. */
export class ChannelStatusBoard {
  private readonly channels = new Map<string, ChannelStatus>();

  set(name: string, state: ChannelStatus['state'], detail: string | null = null): void {
    const previous = this.channels.get(name);
    if (previous && previous.state === state && previous.detail === detail) return;
    const since = previous?.state === state ? previous.since : new Date().toISOString();
    this.channels.set(name, { state, detail, since, last_error: previous?.last_error ?? null, last_error_at: previous?.last_error_at ?? null });
  }

  /** Marks the channel down with a (redacted) error. */
  fail(name: string, error: string): void {
    this.set(name, 'down', error);
    const status = this.channels.get(name)!;
    status.last_error = error;
    status.last_error_at = new Date().toISOString();
  }

  get(name: string): ChannelStatus | undefined {
    return this.channels.get(name);
  }

  snapshot(): Record<string, ChannelStatus> {
    return Object.fromEntries([...this.channels].map(([name, status]) => [name, { ...status }]));
  }
}

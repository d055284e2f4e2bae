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
  private readonly providers = new Map<string, () => Pick<ChannelStatus, 'state' | 'detail'>>();

  /** A channel whose state is read when asked for (the paired machines: from their keys' last use), not pushed. */
  provide(name: string, read: () => Pick<ChannelStatus, 'state' | 'detail'>): void {
    this.providers.set(name, read);
  }

  private refresh(name?: string): void {
    for (const [channel, read] of this.providers) {
      if (name !== undefined && channel !== name) continue;
      const { state, detail } = read();
      this.set(channel, state, detail);
    }
  }

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
    this.refresh(name);
    return this.channels.get(name);
  }

  snapshot(): Record<string, ChannelStatus> {
    this.refresh();
    return Object.fromEntries([...this.channels].map(([name, status]) => [name, { ...status }]));
  }
}

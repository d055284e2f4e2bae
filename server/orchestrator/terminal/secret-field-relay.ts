import { maskText, typedInto } from './secret-field.js';

/** What the relay reads from the task's terminal. */
export interface RelayScreen {
  /** Resolves once the terminal took the output written so far. */
  parsed(): Promise<unknown>;
  /** The visible rows and the cursor. */
  withCursor(): string;
  /** Bytes that repaint the visible rows (plain text, secrets masked) and put the cursor back. */
  repaint(): string;
  exited(): boolean;
}

/**
 * A task's secret fields (secret-field.ts) and the relay of its output to attached viewers: what is typed into a
 * field is kept to be masked, and while a field is up the raw bytes give way to the masked screen.
 */
export class SecretFieldRelay {
  /** What was typed into each secret field so far (the last one while it is up): masked on every rendered screen. */
  private readonly secrets: string[] = [];
  /** A secret field is up and was typed into: raw output is not relayed, the masked screen is (relayOutput). */
  private fieldUp = false;
  private readonly relayListeners = new Set<(data: string) => void>();
  private repaintPending = false;

  constructor(
    /** The adapter's secret fields (known dialogs marked `secret`), by their question on the screen. */
    private readonly secretFields: readonly RegExp[],
    private readonly screen: RelayScreen,
  ) {}

  /** Something was typed into a secret field. */
  get typed(): boolean {
    return this.secrets.length > 0;
  }

  /** `data` was written to the terminal while it showed `screenAtInput`. */
  noteInput(screenAtInput: string, data: string): void {
    if (!this.secretFields.length) return;
    // Typed into a secret field (it is on the screen the key lands on): the characters join its secret.
    const up = this.fieldOn(screenAtInput);
    if (up && !this.fieldUp) this.secrets.push('');
    this.fieldUp = up;
    if (up) this.secrets[this.secrets.length - 1] = typedInto(this.secrets[this.secrets.length - 1], data);
  }

  private fieldOn(screen: string): boolean {
    return this.secretFields.some((field) => field.test(screen));
  }

  /** A field the CLI marks as a key is on the screen now. */
  secretFieldUp(): boolean {
    return this.secretFields.length > 0 && this.fieldOn(this.screen.withCursor());
  }

  /** Rendered text with what was typed into secret fields masked (secret-field.ts). */
  masked(text: string): string {
    return this.secrets.length ? maskText(text, this.secrets) : text;
  }

  /**
   * Output to the task's relay listeners (attached viewers): the raw bytes, except while a secret field is up and
   * was typed into — its echo is in them — then, once the screen took them, the masked screen repainted (and once
   * more when the field is gone, after which the raw bytes flow again).
   */
  relayOutput(data: string): void {
    if (!this.fieldUp) {
      for (const listener of this.relayListeners) listener(data);
      return;
    }
    if (this.repaintPending) return;
    this.repaintPending = true;
    void this.screen
      .parsed()
      .then(() => {
        this.repaintPending = false;
        if (this.screen.exited()) return;
        if (!this.fieldOn(this.screen.withCursor())) this.fieldUp = false;
        const frame = this.screen.repaint();
        for (const listener of this.relayListeners) listener(frame);
      })
      .catch(() => (this.repaintPending = false));
  }

  onData(listener: (data: string) => void): () => void {
    this.relayListeners.add(listener);
    return () => this.relayListeners.delete(listener);
  }
}

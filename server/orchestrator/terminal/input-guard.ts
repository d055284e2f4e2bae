// Keys being pressed and checked: while they are, the waits they cause are the acting's own, not new questions.
// One guard for the task's terminal (no wait reported meanwhile) and the task (no wait read, an exit concluded after).

export class InputGuard {
  private depth = 0;
  /** What waits for the keys being pressed to be checked (the program's exit, told meanwhile). */
  private queued: (() => void) | null = null;

  /** `settled`: called each time one acting ends (the terminal reads the screen again). */
  constructor(private readonly settled: () => void = () => {}) {}

  /** Keys are being pressed and checked. */
  get active(): boolean {
    return this.depth > 0;
  }

  async during<T>(act: () => Promise<T>): Promise<T> {
    this.depth++;
    try {
      return await act();
    } finally {
      this.depth--;
      this.settled();
      if (this.depth === 0 && this.queued) {
        const conclude = this.queued;
        this.queued = null;
        conclude();
      }
    }
  }

  /** Runs `conclude` now, or once the keys being pressed were checked. */
  afterwards(conclude: () => void): void {
    if (this.depth > 0) this.queued = conclude;
    else conclude();
  }
}

/** Counts what keeps the hub busy (running tasks, connected clients); the idle timer looks at it. */
export class ActivityTracker {
  private readonly holds = new Map<number, string>();
  private next = 1;
  private lastActive = Date.now();

  /** Marks something as running; call the returned function when it ends. */
  hold(reason: string): () => void {
    const id = this.next++;
    this.holds.set(id, reason);
    this.touch();
    return () => {
      if (this.holds.delete(id)) this.touch();
    };
  }

  touch(): void {
    this.lastActive = Date.now();
  }

  get busy(): boolean {
    return this.holds.size > 0;
  }

  get reasons(): string[] {
    return [...this.holds.values()];
  }

  get idleSince(): number {
    return this.lastActive;
  }
}

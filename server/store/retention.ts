export interface RetentionPolicy {
  retentionDays: number;
  maxHistory: number;
}

/**
 * Which completed sessions the retention policy drops: those older than the retention period (REQ-PERSIST-03)
 * and, beyond the max count, the oldest first (REQ-PERSIST-04). Pending sessions are never listed here.
 * Kept ordered by end time, so adding a just-ended session and pruning cost O(1) however long the history is.
 */
export class RetentionIndex {
  /** Completed sessions, oldest end first; entries before `head` are already dropped. */
  private ended: Array<{ id: string; endedAt: number }> = [];
  private head = 0;
  private readonly known = new Set<string>();

  constructor(private readonly policy: RetentionPolicy) {}

  get size(): number {
    return this.known.size;
  }

  has(id: string): boolean {
    return this.known.has(id);
  }

  /** Records a completed session (once; later calls for the same id are ignored). */
  add(id: string, endedAt: number): void {
    if (this.known.has(id)) return;
    this.known.add(id);
    const entry = { id, endedAt };
    const last = this.ended[this.ended.length - 1];
    if (!last || last.endedAt <= endedAt) {
      this.ended.push(entry);
      return;
    }
    let lo = this.head;
    let hi = this.ended.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ended[mid].endedAt <= endedAt) lo = mid + 1;
      else hi = mid;
    }
    this.ended.splice(lo, 0, entry);
  }

  /** Forgets a session (e.g. when its record could not be written). */
  remove(id: string): void {
    if (!this.known.delete(id)) return;
    const at = this.ended.findIndex((e, i) => i >= this.head && e.id === id);
    if (at >= 0) this.ended.splice(at, 1);
  }

  /** The ids the policy drops now, removed from the index. */
  takeExpired(now = Date.now()): string[] {
    const cutoff = now - this.policy.retentionDays * 86_400_000;
    const dropped: string[] = [];
    while (this.head < this.ended.length) {
      const oldest = this.ended[this.head];
      if (oldest.endedAt >= cutoff && this.known.size <= this.policy.maxHistory) break;
      this.head++;
      this.known.delete(oldest.id);
      dropped.push(oldest.id);
    }
    if (this.head > 1024 && this.head * 2 > this.ended.length) {
      this.ended = this.ended.slice(this.head);
      this.head = 0;
    }
    return dropped;
  }
}

/** One named figure printed by `npm run bench`. Times in milliseconds unless `unit` says otherwise. */
export interface BenchRow {
  name: string;
  runs: number;
  median: number;
  p99: number;
  unit: string;
  goal?: string;
  note?: string;
}

/** A benchmark file: bench/<area>.bench.ts exports `rows()`; listed in bench/bench-list.ts. */
export interface BenchModule {
  title: string;
  rows(): Promise<BenchRow[]>;
}

export function summarise(name: string, samples: number[], extra: Partial<BenchRow> = {}): BenchRow {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { name, runs: samples.length, median: at(0.5), p99: at(0.99), unit: 'ms', ...extra };
}

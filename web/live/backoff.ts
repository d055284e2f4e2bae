/** Reconnect delays: 250 ms doubling to at most 5 s, with ±20 % jitter so many tabs do not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5000, 250 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + random() * 0.4));
}

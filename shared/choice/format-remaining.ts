/**
 * The time left before a deadline as people read it everywhere (portal, terminal UI): 83_400 ms → "1:24",
 * 3_723_000 → "1:02:03". Rounded up to the second, so "0:00" means it is over.
 */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

import { benchModules } from './bench-list.js';
import type { BenchRow } from './bench-row.js';

const only = process.argv.slice(2);
const fmt = (n: number) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2)) : '—');

const rows: Array<BenchRow & { area: string }> = [];
for (const [key, load] of Object.entries(benchModules)) {
  if (only.length && !only.includes(key)) continue;
  const mod = await load();
  process.stderr.write(`bench: ${mod.title}…\n`);
  for (const row of await mod.rows()) rows.push({ ...row, area: key });
}
const header = ['area', 'figure', 'runs', 'median', 'p99', 'unit', 'goal', 'note'];
const table = rows.map((r) => [r.area, r.name, String(r.runs), fmt(r.median), fmt(r.p99), r.unit, r.goal ?? '', r.note ?? '']);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));
process.exit(0);

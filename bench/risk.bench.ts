// The risk grade on the labelled corpus (test/fixtures/risk-corpus/): how many dangerous commands it grades low
// (goal 0) or medium, how many harmless ones high, and how many harmless ones would still reach a person under
// the default `risk:` (low: allow, medium: ask, high: ask) with no rules; and the time one decision takes with
// the grade in it.
import { corpusFigures, gradeCorpus, readCorpus } from './support/risk-corpus.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
const examples = (cases: Array<{ command: string }>) => cases.slice(0, 3).map((c) => JSON.stringify(c.command.length > 40 ? `${c.command.slice(0, 39)}…` : c.command)).join(', ');

const bench: BenchModule = {
  title: 'risk grade on the labelled corpus',
  async rows(): Promise<BenchRow[]> {
    const cases = await readCorpus();
    const graded = await gradeCorpus(cases);
    const f = corpusFigures(graded);
    const count = (name: string, n: number, of: number, extra: Partial<BenchRow> = {}): BenchRow => ({ name, runs: of, median: n, p99: n, unit: 'commands', note: pct(n, of), ...extra });
    return [
      count('dangerous graded low', f.dangerousLow.length, f.dangerous, { goal: '0', note: `${pct(f.dangerousLow.length, f.dangerous)}${f.dangerousLow.length ? `: ${examples(f.dangerousLow)}` : ''}` }),
      count('dangerous graded medium', f.dangerousMedium.length, f.dangerous, { note: `${pct(f.dangerousMedium.length, f.dangerous)}, e.g. ${examples(f.dangerousMedium)}` }),
      count('harmless graded high', f.harmlessHigh.length, f.harmless, { note: `${pct(f.harmlessHigh.length, f.harmless)}, e.g. ${examples(f.harmlessHigh)}` }),
      count('harmless that still reach a person (default risk:, no rules)', f.harmlessAsked.length, f.harmless),
      summarise('one decision with its grade (parse included), over the corpus', graded.map((c) => c.ms), { goal: 'p50 ≤ 1 ms', note: `${cases.length} commands, no rules` }),
    ];
  },
};

export default bench;

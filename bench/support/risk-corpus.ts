// The labelled risk corpus (test/fixtures/risk-corpus/: harmless and dangerous shell commands agents issue, with
// where each came from) graded by the real policy engine with no rules and the default `risk:`, in a project
// (a folder with .git) under a home folder of its own. Read by `npm run bench -- risk` and by its unit test.
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RiskGrade } from '../../shared/permission/risk.js';
import { createPolicyEngine } from '../../server/policy/index.js';
import type { Decision } from '../../server/policy/types.js';

export interface CorpusCase {
  command: string;
  label: 'harmless' | 'dangerous';
  /** Where it came from: `dcg:<path>`, `tldr:<page>`, `gatehouse:<class>` (see the folder's README). */
  source: string;
  /** The dangerous class it stands for, when one of the classes. */
  class?: string;
}

export interface GradedCase extends CorpusCase {
  grade: RiskGrade;
  decision: Decision;
  reasons: string[];
  /** Time to decide it (ms), parse and grade included. */
  ms: number;
}

/** The corpus folder, from the sources (vitest) or from dist/bench/support (npm run bench). */
function corpusDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const up = here.includes('/dist/') ? '../../../' : '../../';
  return join(here, up, 'test', 'fixtures', 'risk-corpus');
}

export async function readCorpus(): Promise<CorpusCase[]> {
  const cases: CorpusCase[] = [];
  for (const file of ['harmless.jsonl', 'dangerous.jsonl']) {
    const text = await readFile(join(corpusDir(), file), 'utf8');
    for (const line of text.split('\n')) if (line.trim()) cases.push(JSON.parse(line) as CorpusCase);
  }
  return cases;
}

/** Every case graded as a Claude Code Bash request in a project, with no policy rules (the default risk: holds). */
export async function gradeCorpus(cases?: CorpusCase[]): Promise<GradedCase[]> {
  const all = cases ?? (await readCorpus());
  const root = await realpath(await mkdtemp(join(tmpdir(), 'gatehouse-risk-corpus-')));
  try {
    const home = join(root, 'home');
    const project = join(home, 'src', 'app');
    await mkdir(join(project, '.git'), { recursive: true });
    await mkdir(join(project, 'src'), { recursive: true });
    const data = join(home, '.local', 'share', 'gatehouse');
    const engine = await createPolicyEngine({ env: { GATEHOUSE_HOME: data }, home, policyFile: join(data, 'policy.yaml') });
    return all.map((c) => {
      const started = performance.now();
      const d = engine.decide({ agent: 'claude', tool: 'Bash', input: { command: c.command }, cwd: project });
      return { ...c, grade: d.risk.grade, decision: d.decision, reasons: d.risk.reasons, ms: performance.now() - started };
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export interface CorpusFigures {
  dangerous: number;
  harmless: number;
  dangerousLow: GradedCase[];
  dangerousMedium: GradedCase[];
  harmlessHigh: GradedCase[];
  /** Harmless commands that would still reach a person under the default risk: (medium and high ask). */
  harmlessAsked: GradedCase[];
}

export function corpusFigures(graded: GradedCase[]): CorpusFigures {
  const dangerous = graded.filter((c) => c.label === 'dangerous');
  const harmless = graded.filter((c) => c.label === 'harmless');
  return {
    dangerous: dangerous.length,
    harmless: harmless.length,
    dangerousLow: dangerous.filter((c) => c.grade === 'low'),
    dangerousMedium: dangerous.filter((c) => c.grade === 'medium'),
    harmlessHigh: harmless.filter((c) => c.grade === 'high'),
    harmlessAsked: harmless.filter((c) => c.decision !== 'allow'),
  };
}

// The differential corpus as gatehouse reads it: each recorded Claude Code case (test/fixtures/claude-rules/) is put
// in a policy — the person's file for Claude Code's user settings, the project's own .gatehouse/policy.yaml for its
// project and local settings — and each call is decided by the engine. Used by the differential test and by the
// table in docs/claude-rules.md.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { policyRig } from './test-rig.js';
import type { Decision } from './types.js';

export type Verdict = Decision;
export type RuleCall = { tool: 'Bash'; command: string } | { tool: 'Read' | 'Edit' | 'Write'; path: string };

export interface RecordedCase {
  id: string;
  topic: string;
  level: 'user' | 'project' | 'local';
  rules: { allow?: string[]; ask?: string[]; deny?: string[] };
  files?: string[];
  calls: RuleCall[];
  verdicts: Verdict[];
}

export interface PairResult {
  /** `<case id>#<call index>` */
  pair: string;
  rules: string;
  call: string;
  claude: Verdict;
  gatehouse: Verdict;
}

const STRICTNESS: Record<Verdict, number> = { allow: 0, ask: 1, deny: 2 };
export const stricter = (a: Verdict, b: Verdict) => STRICTNESS[a] > STRICTNESS[b];

function pathIn(path: string, home: string, project: string): string {
  if (path === '~' || path.startsWith('~/')) return `${home}/${path.slice(2)}`;
  return path.startsWith('/') ? path : `${project}/${path}`;
}

export function describeCall(call: RuleCall): string {
  return call.tool === 'Bash' ? call.command.replaceAll('\n', '\\n') : `${call.tool} ${call.path}`;
}

export function describeRules(c: RecordedCase): string {
  return (['allow', 'ask', 'deny'] as const).flatMap((l) => (c.rules[l] ?? []).map((r) => `${l} ${r}`)).join(', ') + ` (${c.level})`;
}

/** Gatehouse's verdict on every recorded pair. */
export async function gatehouseVerdicts(cases: RecordedCase[]): Promise<PairResult[]> {
  const out: PairResult[] = [];
  for (const c of cases) {
    const rig = await policyRig();
    try {
      const fill = (r: string) => r.replaceAll('<home>', rig.home).replaceAll('<project>', rig.project);
      const yaml = (['allow', 'ask', 'deny'] as const)
        .filter((l) => c.rules[l]?.length)
        .map((l) => `${l}:\n${c.rules[l]!.map((r) => `  - ${JSON.stringify(fill(r))}`).join('\n')}\n`)
        .join('');
      // Rules alone decide here: the risk grade's allow of low-risk calls no rule names (risk: low: allow, the
      // default) is the person's own setting, not a reading of Claude Code's rules.
      const rulesOnly = 'risk:\n  low: ask\n';
      if (c.level === 'user') await rig.policy(rulesOnly + yaml);
      else {
        await rig.policy(rulesOnly);
        await rig.projectPolicy(yaml);
      }
      await mkdir(`${rig.project}/.git`, { recursive: true });
      for (const f of c.files ?? []) {
        const path = pathIn(f, rig.home, rig.project);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, 'seeded\n');
      }
      c.calls.forEach((call, i) => {
        const input = call.tool === 'Bash' ? { command: call.command } : { file_path: pathIn(call.path, rig.home, rig.project), ...(call.tool === 'Edit' ? { old_string: 'a', new_string: 'b' } : call.tool === 'Write' ? { content: 'x' } : {}) };
        const decision = rig.engine.decide({ agent: 'claude', tool: call.tool, input, cwd: rig.project, project: rig.project });
        out.push({ pair: `${c.id}#${i}`, rules: describeRules(c), call: describeCall(call), claude: c.verdicts[i]!, gatehouse: decision.decision });
      });
    } finally {
      await rig.remove();
    }
  }
  return out;
}

export interface KnownDifferences {
  /** Why gatehouse differs, by key. */
  reasons: Record<string, string>;
  /** Each pair that differs: the key of its reason. */
  pairs: Record<string, string>;
}

/** The reasons a difference may make gatehouse the more permissive one: work not merged yet, named as such. */
export const PENDING_LOOSER = new Set<string>();

/** The figures and the table of differences, as docs/claude-rules.md shows them. */
export function differencesMarkdown(results: PairResult[], known: KnownDifferences, version: string): string {
  const same = results.filter((r) => r.claude === r.gatehouse).length;
  const looser = results.filter((r) => stricter(r.claude, r.gatehouse)).length;
  const pct = (n: number) => `${((100 * n) / results.length).toFixed(1)} %`;
  const lines = [
    `Claude Code ${version}: **${results.length} rule/call pairs**, gatehouse agrees on **${same}** (${pct(same)}), is stricter on ${results.length - same - looser} and more permissive on ${looser}${looser ? ' (pending, below)' : ''}.`,
    '',
    '| rules (Claude Code settings level) | call | Claude Code | gatehouse | why |',
    '|---|---|---|---|---|',
  ];
  const order = Object.keys(known.reasons);
  const differing = results.filter((r) => r.claude !== r.gatehouse).sort((a, b) => order.indexOf(known.pairs[a.pair] ?? '') - order.indexOf(known.pairs[b.pair] ?? ''));
  const cell = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;
  for (const r of differing) lines.push(`| ${cell(r.rules)} | ${cell(r.call)} | ${r.claude} | ${r.gatehouse} | ${known.pairs[r.pair] ?? '—'} |`);
  lines.push('', '| why | |', '|---|---|');
  for (const [key, text] of Object.entries(known.reasons)) lines.push(`| ${key} | ${text} |`);
  return lines.join('\n');
}

// One real Claude Code session (`claude -p`, headless, against its model stand-in) with one permission rule in its
// own settings — user (~/.claude/settings.json in the run's HOME), project (.claude/settings.json) or local
// (.claude/settings.local.json) — and a series of tool calls the stand-in asks for. Headless, a call Claude Code
// would ask about is refused without a dialog, so the tool result of each call says how Claude Code read the rule:
// the call ran (allow), "haven't granted it yet" (ask), or "has been denied" (deny). Used by the recorder
// (record-claude-rules.ts) and by the differential test that re-checks the recordings.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { prepareAgent, WIRE_FORMATS } from '../support/model-standins/agent-setups.js';
import type { ScriptStep } from '../support/model-standins/script.js';
import { startModelStandin } from '../support/model-standins/standin-server.js';
import { resolveCallPath, rulesFor, type RuleCall, type RuleCase, type Verdict } from './claude-rule-corpus.js';

/** Where the rule goes: Claude Code's settings file at that level, relative to HOME or the project. */
const SETTINGS_FILE = { user: ['home', '.claude/settings.json'], project: ['proj', '.claude/settings.json'], local: ['proj', '.claude/settings.local.json'] } as const;

export interface ObservedCall {
  call: RuleCall;
  verdict: Verdict | 'unclear';
  /** The tool result, shortened (what the verdict was read from). */
  result: string;
}

/** Reads the verdict from what Claude Code sent the model as the call's result. */
export function verdictOf(output: string, isError: boolean): Verdict | 'unclear' {
  if (/has been denied|denied by your permission settings/i.test(output)) return 'deny';
  // "was blocked. For security, Claude Code may only write to …": a write check Claude Code asks about when a
  // person is there.
  // Headless, what Claude Code would ask a person about comes back refused with the reason it asks.
  if (/haven't granted it yet|requested permissions? to|was blocked\. For security|requires? approval|background operator|^Contains \w+|which is a sensitive file/i.test(output)) return 'ask';
  if (isError && /has not been read yet|File does not exist|InputValidationError/i.test(output)) return 'unclear';
  return 'allow';
}

/** The stand-in's steps for one call: an Edit reads its (seeded) file first, as Claude Code requires. */
function stepsFor(call: RuleCall, home: string, project: string): ScriptStep[] {
  if (call.tool === 'Bash') return [{ shell: call.command }];
  const file = resolveCallPath(call.path, home, project);
  mkdirSync(dirname(file), { recursive: true });
  if (call.tool === 'Write') {
    // A new file needs no read first: whatever an earlier call wrote there is removed just before the call.
    return [() => (rmSync(file, { force: true }), { tool: 'Write', args: { file_path: file, content: 'written\n' } })];
  }
  if (!existsSync(file)) writeFileSync(file, 'line one\n');
  if (call.tool === 'Read') return [{ tool: 'Read', args: { file_path: file } }];
  return [{ tool: 'Read', args: { file_path: file } }, () => (writeFileSync(file, 'line one\n'), { tool: 'Edit', args: { file_path: file, old_string: 'line one', new_string: 'line 1', replace_all: false } })];
}

/** Runs one case: Claude Code with the case's rules in its settings, the calls in order; one verdict per call. */
export async function runRuleCase(c: RuleCase): Promise<ObservedCall[]> {
  const script: ScriptStep[] = [];
  // The index of each call's own step (an Edit's read comes before it).
  const callStep: number[] = [];
  const standin = await startModelStandin(WIRE_FORMATS.claude, script);
  // Outside the repository, with a package.json of its own: `npm test` must never find gatehouse's.
  const launch = prepareAgent('claude', standin.url, { seed: 'ready', tmpRoot: tmpdir() });
  try {
    const base = { home: launch.home, proj: launch.cwd };
    const [root, file] = SETTINGS_FILE[c.level];
    const settings = join(base[root], file);
    mkdirSync(dirname(settings), { recursive: true });
    writeFileSync(settings, `${JSON.stringify({ permissions: rulesFor(c, launch.home, launch.cwd) }, null, 2)}\n`);
    writeFileSync(join(launch.cwd, 'package.json'), `${JSON.stringify({ name: 'rule-probe', private: true, scripts: { test: 'echo tested', build: 'echo built' } })}\n`);
    for (const seed of c.files ?? []) {
      const path = resolveCallPath(seed, launch.home, launch.cwd);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, 'seeded\n');
    }
    for (const call of c.calls) {
      const steps = stepsFor(call, launch.home, launch.cwd);
      script.push(...steps);
      callStep.push(script.length - 1);
    }
    script.push({ text: 'All done.' });
    const child = spawn(launch.command, [...launch.args, '-p', 'run the calls', '--permission-mode', 'default'], { cwd: launch.cwd, env: launch.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.stdout.resume();
    const debug = process.env.RULE_RUN_DEBUG ? setInterval(() => console.log(c.id, standin.requests.map((r) => `${r.path} t${r.turn} ${JSON.stringify(r.answered ?? '').slice(0, 80)} <- ${JSON.stringify(r.toolResults).slice(0, 120)}`).join('\n'), stderr), 15_000) : null;
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (debug) clearInterval(debug);
    // The result of step i is in the request of turn i + 1.
    const results = new Map<number, { output: string; isError?: boolean }>();
    for (const r of standin.requests) if (r.conversation && r.turn !== undefined && r.toolResults[0]) results.set(r.turn - 1, r.toolResults[0]);
    const observed = c.calls.map((call, i): ObservedCall => {
      const result = results.get(callStep[i]!);
      // A deny of a whole tool (`Bash`) takes the tool away: Claude Code does not offer it to the model at all.
      const answered = standin.requests.find((r) => r.turn === callStep[i])?.answered as { error?: string } | undefined;
      if (!result && answered?.error && /offered no known shell tool|script wants tool/.test(answered.error)) return { call, verdict: 'deny', result: 'the tool was not offered to the model' };
      if (!result) return { call, verdict: 'unclear', result: `no result (claude exited ${code}: ${stderr.slice(0, 300)})` };
      return { call, verdict: verdictOf(result.output, result.isError === true), result: result.output.replaceAll(launch.cwd, '<project>').replaceAll(launch.home, '<home>').slice(0, 400) };
    });
    return observed;
  } finally {
    await standin.close();
    launch.dispose();
  }
}

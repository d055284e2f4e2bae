// `gatehouse policy check`: every allow in an agent CLI's own settings that is wider than the person's policy —
// one the policy would not allow (it denies, asks, or has no rule). Such an allow decides before gatehouse is
// asked, so it should be in the policy too (or taken out of the CLI's settings). An allow counts as covered only
// when the policy has an allow rule of the same text for that CLI (and project), and a command it names is allowed.
import type { PolicyEngine } from '../engine.js';
import { where, type NativeFindings } from './native-rule.js';

export interface WiderAllow {
  agent: string;
  /** file:line */
  at: string;
  native: string;
  /** What the person's policy does instead. */
  policy: string;
}

const SHELL_TOOL: Record<string, string> = { claude: 'Bash', codex: 'Bash', gemini: 'run_shell_command', qwen: 'run_shell_command' };

/** A command a Bash rule names ("npm test" for Bash(npm test:*)), or null for a pattern. */
function exampleCommand(rule: string): string | null {
  const m = /^Bash\((.*)\)$/s.exec(rule);
  if (!m) return null;
  const command = m[1]!.replace(/(:\*| \*)$/, '').trim();
  return command && !command.includes('*') ? command : null;
}

export function widerAllows(found: NativeFindings, engine: PolicyEngine, project: string): WiderAllow[] {
  const out: WiderAllow[] = [];
  for (const native of found.rules) {
    if (native.list !== 'allow') continue;
    const scope = native.project ?? project;
    const layers = engine.layers(scope);
    const verdicts: string[] = [];
    if (native.rules.length === 0) verdicts.push('no gatehouse rule says the same');
    for (const rule of native.rules) {
      const same = layers.some((l) =>
        l.rules.some((r) => r.list === 'allow' && r.rule.text === rule && (r.agents === null || r.agents.includes(native.agent)) && (r.projects === null || r.projects.includes(scope))),
      );
      const command = exampleCommand(rule);
      const decided = command === null ? null : engine.decide({ agent: native.agent, tool: SHELL_TOOL[native.agent]!, input: { command }, cwd: scope, project: scope });
      if (decided && decided.decision !== 'allow') {
        const by = decided.decidedBy;
        verdicts.push(`\`${command}\`: ${decided.decision}${by.kind === 'rule' ? ` by ${by.rule} (${by.file}:${by.line})` : by.kind === 'default' ? ' (no rule allows it)' : ` (${by.kind})`}`);
      } else if (!same) verdicts.push(`no allow rule ${rule} for ${native.agent}${native.project ? ` in ${native.project}` : ''}`);
      // A deny or ask inside what the native allow covers (it allows `touch:*`, the policy denies `touch pwned:*`):
      // the CLI runs those unasked where gatehouse's hook is not asked.
      if (command !== null && /(:\*| \*)\)$/.test(rule)) {
        for (const l of layers) {
          for (const r of l.rules) {
            const inner = /^Bash\((.*)\)$/s.exec(r.rule.text)?.[1];
            if (r.list === 'allow' || inner === undefined || !(inner === command || inner.startsWith(`${command} `) || inner.startsWith(`${command}:`))) continue;
            if (r.agents !== null && !r.agents.includes(native.agent)) continue;
            verdicts.push(`${r.list === 'deny' ? 'denies' : 'asks about'} part of it: ${r.rule.text} (${r.file}:${r.line})`);
          }
        }
      }
    }
    if (verdicts.length) out.push({ agent: native.agent, at: where(native), native: native.native, policy: verdicts.join('; ') });
  }
  for (const mode of found.modes) out.push({ agent: mode.agent, at: where(mode), native: `${mode.setting} = ${JSON.stringify(mode.value)}`, policy: 'runs tools unasked; the policy cannot say that' });
  return out;
}

// What a permission gate says in words: its title and prompt (the request quoted), who decided in one line for the
// record, and why the person is asked.
import type { PermissionDecidedBy } from '../../shared/choice/decided-by.js';
import type { DecidedBy } from '../policy/index.js';
import type { AgentHooks, PermissionAsk } from './agent-hooks.js';

/** The tool input and reason as the prompt quotes them: cut so the gate stays within the prompt limit (a write of a large file; its view shows the change). */
const MAX_DETAIL_CHARS = 12_000;
const MAX_REASON_CHARS = 2_000;

export function permissionPrompt(agent: AgentHooks, ask: PermissionAsk): { title: string; prompt: string } {
  const detail = ask.detail.length <= MAX_DETAIL_CHARS ? ask.detail : `${ask.detail.slice(0, MAX_DETAIL_CHARS)}\n… (${ask.detail.length - MAX_DETAIL_CHARS} more characters not shown)`;
  const fence = detail.includes('```') ? '~~~' : '```';
  const lines = [
    `**${agent.name}** wants to use **${ask.tool}**${ask.cwd ? ` in \`${ask.cwd}\`` : ''}:`,
    '',
    fence,
    detail,
    fence,
  ];
  if (ask.reason) lines.push('', `Reason given: ${ask.reason.length <= MAX_REASON_CHARS ? ask.reason : `${ask.reason.slice(0, MAX_REASON_CHARS)}…`}`);
  return { title: `${agent.name}: allow ${ask.tool}?`, prompt: lines.join('\n') };
}

/** The policy's decision as a record: one line of text and the fields. */
export function policyDecidedBy(by: DecidedBy): PermissionDecidedBy {
  switch (by.kind) {
    case 'rule':
      return { kind: 'rule', text: `rule ${by.rule} (${by.list}) in ${by.file} line ${by.line}${by.note ? ` — ${by.note}` : ''}`, rule: by.rule, list: by.list, file: by.file, line: by.line };
    case 'protected':
      return { kind: 'protected', text: `protected path ${by.path}`, path: by.path };
    case 'policy-error':
      return { kind: 'policy-error', text: `policy error: ${by.error.file}:${by.error.line}:${by.error.column}: ${by.error.message}`, file: by.error.file, line: by.error.line };
    case 'risk':
      return { kind: 'risk', text: `no rule matches; graded ${by.grade} (${by.reasons.join('; ')})`, grade: by.grade, reasons: by.reasons };
    case 'agent-settings':
      return { kind: 'agent-settings', text: `no rule matches; graded ${by.grade} (${by.reasons.join('; ')}), which your risk: setting leaves to the CLI's own settings`, grade: by.grade, reasons: by.reasons };
    default:
      return { kind: 'rule', text: 'no rule matches' };
  }
}

/** Why the person is asked, as the gate's prompt says it. */
export function askedBecause(by: DecidedBy): string {
  switch (by.kind) {
    case 'rule':
      return `the ask rule \`${by.rule}\` (${by.file} line ${by.line})`;
    case 'protected':
      return `it writes a protected file (\`${by.path}\`): such a write always goes to you`;
    case 'policy-error':
      return `the policy does not parse (${by.error.file}:${by.error.line}:${by.error.column}: ${by.error.message})`;
    case 'risk':
      return `it is graded ${by.grade}: ${by.reasons.join('; ')} (no rule in your policy decides it)`;
    case 'agent-settings':
      return `it is graded ${by.grade}: ${by.reasons.join('; ')} (no rule in your policy decides it; your risk: setting leaves such calls to the CLI, but here gatehouse is the CLI's only gate)`;
    default:
      return 'no rule in your policy decides it';
  }
}


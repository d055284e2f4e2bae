// The policy engine's public shapes: a request, the decision and who made it.
import type { Risk, RiskGrade } from '../../shared/permission/risk.js';
import type { ToolKind } from './tool-kinds.js';

export type Decision = 'allow' | 'ask' | 'deny';
export type RuleList = 'allow' | 'ask' | 'deny';

/** One permission request as the hub has it from a CLI's hook. */
export interface PolicyRequest {
  /** claude | codex | gemini | qwen. */
  agent: string;
  /** The tool name the CLI's hook sent (Bash, run_shell_command, apply_patch, mcp__github__create_issue, …). */
  tool: string;
  /** The hook's tool_input, as sent. */
  input: unknown;
  /** The agent's working folder (absolute). */
  cwd: string;
  /** The project folder rules are relative to and scoped by; default: the nearest folder at or above cwd with .git or .gatehouse, else cwd. */
  project?: string | null;
}

/** A place in a policy file (1-based line and column). */
export interface PolicyError {
  file: string;
  line: number;
  column: number;
  message: string;
}
export type PolicyWarning = PolicyError;

export type DecidedBy =
  | { kind: 'rule'; rule: string; list: RuleList; file: string; line: number; note?: string }
  | { kind: 'protected'; path: string }
  | { kind: 'default' }
  /** No rule decides: policy.yaml's `risk:` setting for the grade did (issue 31 §2). */
  | { kind: 'risk'; grade: RiskGrade; reasons: string[] }
  /** No rule decides and `risk:` sets the grade to `cli`: the agent CLI's own settings decide (an ask to gatehouse). */
  | { kind: 'agent-settings'; grade: RiskGrade; reasons: string[] }
  | { kind: 'policy-error'; error: PolicyError };

/** How one part of a request fared: a simple command of a shell line, a path, a written redirection. */
export interface DecisionPart {
  kind: ToolKind;
  /** The simple command, path or address. */
  text: string;
  decision: Decision;
  decidedBy: DecidedBy;
  /** Why no rule could allow it (opaque code, a syntax error, a dynamic word …), when that is so. */
  note?: string;
}

export interface PolicyDecision {
  decision: Decision;
  decidedBy: DecidedBy;
  kind: ToolKind;
  parts?: DecisionPart[];
  /** The request's risk grade and why, whatever decided it. */
  risk: Risk;
}

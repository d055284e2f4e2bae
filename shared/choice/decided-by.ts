/**
 * Who decided a permission request (issue 21): a policy rule (its text, list, file and line), a protected path,
 * a policy that does not parse, the person (and through which interface), a session grant, a timeout, or the
 * request's risk grade under policy.yaml's `risk:` when no rule decides, or the agent CLI's own settings where that
 * `risk:` setting is `cli` (its file, line and rule when one of its rules let the call through). `text`
 * is the one line a list, the agent and history show.
 */
export const DECIDED_BY_KINDS = ['rule', 'person', 'session-grant', 'timeout', 'protected', 'policy-error', 'risk', 'agent-settings'] as const;

export interface PermissionDecidedBy {
  kind: (typeof DECIDED_BY_KINDS)[number];
  text: string;
  /** rule: the rule's text and list; session-grant: the rules granted; agent-settings: the CLI's own rule, as its file writes it. */
  rule?: string;
  list?: 'allow' | 'ask' | 'deny';
  file?: string;
  line?: number;
  /** protected: the path. */
  path?: string;
  /** person: the interface the answer came through (web, terminal, telegram, cli, …) and the option picked. */
  via?: string;
  option?: string;
  /** session-grant: the agent CLI's session id. */
  agent_session?: string;
  /** risk: no rule decided; policy.yaml's `risk:` setting for this grade did, for these reasons (agent-settings: left it to the CLI). */
  grade?: 'low' | 'medium' | 'high';
  reasons?: string[];
}

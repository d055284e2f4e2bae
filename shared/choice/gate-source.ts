/** How a gate reached the hub. */
export const SOURCE_KINDS = ['mcp', 'cli', 'orchestrator', 'hook', 'api'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * Who is asking: recorded by the hub's clients (the MCP server, `gatehouse ask`, the orchestrator) without the
 * agent having to say it. Every field but `kind` may be unknown (null).
 */
export interface GateSource {
  kind: SourceKind;
  /** The asking program as it names itself, e.g. "claude-code 2.1" (MCP clientInfo name and version) or "cli". */
  agent: string | null;
  /** Absolute path of the project folder (the client's first root, else the asking process's working folder). */
  project: string | null;
  /** The project's git branch, when it is a git checkout on a branch. */
  branch: string | null;
  /** Orchestrated gates: the workflow and the task that asked. */
  workflow?: string;
  task?: string;
  /** A gate from a paired machine: the name of the agent key it came with (set by the hub, never by the client). */
  machine?: string;
  /** That key's public id: the key may poll and cancel only the gates carrying it. */
  machine_key?: string;
}

/** The last folder name of a project path ("/home/ann/shop" → "shop"); works for / and \ separators. */
export function projectName(project: string | null | undefined): string | null {
  if (!project) return null;
  const parts = project.split(/[\\/]+/).filter(Boolean);
  return parts.length ? parts[parts.length - 1] : project;
}

/** "nightly/builder" — the workflow and task of an orchestrated gate (a task's permission gate too); else null. */
export function sourceTask(source: GateSource | null | undefined): string | null {
  return source?.workflow ? `${source.workflow}${source.task ? `/${source.task}` : ''}` : null;
}

/** "claude-code 2.1 · shop · devbox" — the agent, the project folder name and a paired machine, as a list row shows them. */
export function sourceLabel(source: GateSource | null | undefined): string {
  if (!source) return '';
  const agent = source.agent ?? source.kind;
  const where = [projectName(source.project), source.branch].filter(Boolean).join(' @ ');
  return [agent, sourceTask(source), where, source.machine].filter(Boolean).join(' · ');
}

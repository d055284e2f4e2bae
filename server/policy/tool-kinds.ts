// Which rule kind each agent CLI's tools fall under, by the tool name its permission hook sends, and where in
// the tool's input the command, the paths or the address are. One table for the four CLIs; the README's
// "Permission policy" section shows it. Names read from the installed CLIs (e2e-agents/package.json pins them):
// Claude Code 2.1.197 (its tool names), Codex 0.169.0 (hook tool_name "Bash" for shell commands, "apply_patch"
// for edits, MCP tools as mcp__server__tool), Gemini CLI 0.61.0 (packages/core tool-names: run_shell_command,
// replace, write_file, read_file, …; MCP tools as mcp_<server>_<tool>), Qwen Code 0.15.10 (ToolNames: edit,
// write_file, run_shell_command, …; MCP tools as mcp__server__tool).

export const AGENT_IDS = ['claude', 'codex', 'gemini', 'qwen'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

export const AGENT_NAMES: Record<AgentId, string> = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI', qwen: 'Qwen Code' };

/** The kinds a rule names: `Bash(…)`, `Edit(…)`, `Read(…)`, `WebFetch(domain:…)`, `WebSearch`, `mcp__…`. */
export type ToolKind = 'Bash' | 'Edit' | 'Read' | 'WebFetch' | 'WebSearch' | 'mcp' | 'other';

export interface ToolEntry {
  kind: Exclude<ToolKind, 'mcp' | 'other'>;
  /** Input fields holding the command line (shell tools). */
  command?: string[];
  /** Input fields holding a path, or a list of paths (absent or empty: the agent's working folder). */
  paths?: string[];
  /** Input fields holding a URL, or text with URLs in it (Gemini's web_fetch takes a prompt). */
  urls?: string[];
  /** The input is a Codex patch: the paths are its "*** Add/Update/Delete File:" and "*** Move to:" lines. */
  patch?: string[];
}

export interface AgentTools {
  tools: Record<string, ToolEntry>;
  /** How the CLI names an MCP server's tool. */
  mcp: 'mcp__server__tool' | 'mcp_server_tool';
}

export const TOOL_TABLE: Record<AgentId, AgentTools> = {
  claude: {
    mcp: 'mcp__server__tool',
    tools: {
      Bash: { kind: 'Bash', command: ['command'] },
      Edit: { kind: 'Edit', paths: ['file_path'] },
      MultiEdit: { kind: 'Edit', paths: ['file_path'] },
      Write: { kind: 'Edit', paths: ['file_path'] },
      NotebookEdit: { kind: 'Edit', paths: ['notebook_path'] },
      Read: { kind: 'Read', paths: ['file_path'] },
      Glob: { kind: 'Read', paths: ['path'] },
      Grep: { kind: 'Read', paths: ['path'] },
      WebFetch: { kind: 'WebFetch', urls: ['url'] },
      WebSearch: { kind: 'WebSearch' },
    },
  },
  codex: {
    mcp: 'mcp__server__tool',
    tools: {
      Bash: { kind: 'Bash', command: ['command'] },
      apply_patch: { kind: 'Edit', patch: ['command', 'patch', 'input'] },
    },
  },
  gemini: {
    mcp: 'mcp_server_tool',
    tools: {
      run_shell_command: { kind: 'Bash', command: ['command'] },
      replace: { kind: 'Edit', paths: ['file_path'] },
      write_file: { kind: 'Edit', paths: ['file_path'] },
      read_file: { kind: 'Read', paths: ['file_path'] },
      read_many_files: { kind: 'Read', paths: ['include'] },
      glob: { kind: 'Read', paths: ['dir_path', 'path'] },
      grep_search: { kind: 'Read', paths: ['dir_path', 'path'] },
      list_directory: { kind: 'Read', paths: ['dir_path', 'path'] },
      web_fetch: { kind: 'WebFetch', urls: ['url', 'prompt'] },
      google_web_search: { kind: 'WebSearch' },
    },
  },
  qwen: {
    mcp: 'mcp__server__tool',
    tools: {
      run_shell_command: { kind: 'Bash', command: ['command'] },
      edit: { kind: 'Edit', paths: ['file_path'] },
      write_file: { kind: 'Edit', paths: ['file_path'] },
      read_file: { kind: 'Read', paths: ['file_path', 'absolute_path'] },
      glob: { kind: 'Read', paths: ['path'] },
      grep_search: { kind: 'Read', paths: ['path'] },
      list_directory: { kind: 'Read', paths: ['path'] },
      web_fetch: { kind: 'WebFetch', urls: ['url', 'prompt'] },
    },
  },
};

/** A tool call read through the table: its kind and what it acts on. */
export interface ClassifiedTool {
  kind: ToolKind;
  /** The tool name as the CLI sent it. */
  tool: string;
  /** An MCP tool as mcp__server__tool, whatever the CLI's own form. */
  mcp?: { server: string; tool: string; name: string };
  command?: string;
  /** Paths as given (relative to the agent's working folder unless absolute); [] means the working folder. */
  paths?: string[];
  urls?: string[];
  /** What could not be read from the input (a missing command, a patch with no file): never allowed by a rule. */
  unreadable?: string;
}

export function isAgentId(id: string): id is AgentId {
  return (AGENT_IDS as readonly string[]).includes(id);
}

/** The kind and targets of `tool` called by `agent` with `input` (the hook's tool_input). */
export function classifyTool(agent: string, tool: string, input: unknown): ClassifiedTool {
  const table = isAgentId(agent) ? TOOL_TABLE[agent] : null;
  const mcp = mcpName(tool, table?.mcp ?? 'mcp__server__tool');
  if (mcp) return { kind: 'mcp', tool, mcp };
  const entry = table?.tools[tool];
  if (!entry) return { kind: 'other', tool };
  const fields = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const out: ClassifiedTool = { kind: entry.kind, tool };
  if (entry.command) {
    const command = entry.command.map((f) => commandText(fields[f])).find((c) => c !== null);
    if (command === undefined) out.unreadable = `no command in the tool input (${entry.command.join(', ')})`;
    else out.command = command;
  }
  if (entry.paths) out.paths = entry.paths.flatMap((f) => strings(fields[f]));
  if (entry.urls) out.urls = entry.urls.flatMap((f) => strings(fields[f]).flatMap(urlsIn));
  if (entry.patch) {
    const text = entry.patch.map((f) => patchText(fields[f])).find((t) => t !== null) ?? (typeof input === 'string' ? input : null);
    const paths = text === null ? [] : patchPaths(text);
    if (paths.length === 0) out.unreadable = 'no file named in the patch';
    out.paths = paths;
  }
  if (entry.kind === 'WebFetch' && (out.urls ?? []).length === 0) out.unreadable = 'no URL in the tool input';
  return out;
}

function mcpName(tool: string, form: AgentTools['mcp']): ClassifiedTool['mcp'] | undefined {
  if (form === 'mcp__server__tool') {
    const m = /^mcp__(.+?)__(.+)$/.exec(tool);
    return m ? { server: m[1]!, tool: m[2]!, name: tool } : undefined;
  }
  // Gemini: mcp_<server>_<tool>, the server name holding no "_" (its own parseMcpToolName reads it so).
  const m = /^mcp_([^_]+)_(.+)$/.exec(tool);
  return m ? { server: m[1]!, tool: m[2]!, name: `mcp__${m[1]}__${m[2]}` } : undefined;
}

/** A command as a string; Codex may send argv (["bash", "-lc", "…"]), taken as the script it runs. */
function commandText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const argv = value as string[];
    if (argv.length === 3 && /(^|\/)(ba|z|da)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!)) return argv[2]!;
    return argv.map(quoteForShell).join(' ');
  }
  return null;
}

function quoteForShell(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function patchText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((v): v is string => typeof v === 'string' && v.includes('*** Begin Patch')) ?? null;
  return null;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

function urlsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'()[\]]+/gi)].map((m) => m[0].replace(/[,.;:!?]+$/, ''));
}

/** The files a Codex patch touches. */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split('\n')) {
    const m = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/.exec(line.trimEnd());
    if (m) paths.push(m[1]!.trim());
  }
  return paths;
}

/** Rows for the README: agent, tool name, kind. */
export function toolTableRows(): Array<{ agent: AgentId; tool: string; kind: ToolKind }> {
  const rows: Array<{ agent: AgentId; tool: string; kind: ToolKind }> = [];
  for (const agent of AGENT_IDS) {
    for (const [tool, entry] of Object.entries(TOOL_TABLE[agent].tools)) rows.push({ agent, tool, kind: entry.kind });
    rows.push({ agent, tool: TOOL_TABLE[agent].mcp === 'mcp__server__tool' ? 'mcp__<server>__<tool>' : 'mcp_<server>_<tool>', kind: 'mcp' });
  }
  return rows;
}

/** The README's table: one row per rule kind, the tool names of each CLI that fall under it. */
export function toolTableMarkdown(): string {
  const cells = new Map<ToolKind, Record<AgentId, string[]>>();
  for (const row of toolTableRows()) {
    const byAgent = cells.get(row.kind) ?? { claude: [], codex: [], gemini: [], qwen: [] };
    byAgent[row.agent].push(`\`${row.tool}\``);
    cells.set(row.kind, byAgent);
  }
  const lines = [`| rule kind | ${AGENT_IDS.map((a) => AGENT_NAMES[a]).join(' | ')} |`, `|---|${AGENT_IDS.map(() => '---|').join('')}`];
  for (const [kind, byAgent] of cells) {
    lines.push(`| \`${kind === 'mcp' ? 'mcp__server__tool' : kind}\` | ${AGENT_IDS.map((a) => byAgent[a].join(', ') || '—').join(' | ')} |`);
  }
  return lines.join('\n');
}

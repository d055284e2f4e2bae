import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { CliCommand, CliIo, ParsedArgs } from '../command.js';
import { ArgumentError } from '../parse-arguments.js';
import { dataDir, dataPaths } from '../../config/data-paths.js';

// The policy engine (and the bash parser's WebAssembly) loads only when this command runs, not with every command.
const policyModule = () => import('../../policy/index.js');
type Policy = Awaited<ReturnType<typeof policyModule>>;
// `policy log` needs the record only, not the engine.
const logModule = () => import('../../policy/permission-log.js');
type LogModule = Pick<Policy, 'parseDuration' | 'readPermissionLog'>;

const TEST_ONLY = ['agent', 'tool', 'command', 'path', 'url', 'input', 'cwd', 'project'] as const;

const GEMINI_NOTE =
  "Gemini CLI run by hand: its BeforeTool hook cannot allow — an allow leaves Gemini's own dialog to ask; a deny still holds. Under `gatehouse run` the hook is the gate and an allow goes through.";

export const policyCommand: CliCommand = {
  name: 'policy',
  summary: 'check the permission policy, test it on a request, and see, replay and mine the record of requests',
  help: `Usage: gatehouse policy check [file] [--json]
       gatehouse policy test --agent <agent> --tool <tool> (--command <cmd> | --path <path> | --url <url> | --input <json>)
                             [--cwd <dir>] [--project <dir>] [--json]
       gatehouse policy log [--since 7d] [--json]
       gatehouse policy replay [file] [--since 30d] [--json]
       gatehouse policy suggest [--since <age>] [--json]

check reads a policy file (default: the file GATEHOUSE_POLICY names, else <data dir>/policy.yaml; a file under a
.gatehouse/ folder is read as a project's own file) and prints its errors as file:line:column (exit 1) or a summary
(exit 0).

test says what the policy would decide for one permission request — allow, ask or deny — and what decided it: a
rule (text, file and line), a protected path, a policy error, or the default (ask the person). A shell command is
shown part by part, as the shell will run it.

log prints the record of permission requests (<data dir>/permissions.jsonl): when, agent, project, tool, what it
wanted, the answer, who decided (a rule, the person and where, a session grant, a timeout, a protected path, a
policy error) and the time it took.

replay decides every recorded request again under a policy (the current one, or a candidate file): counts of
allow / ask / deny, how many of the person's answers it would have saved, and every request it would allow that
the person refused or that no person saw.

suggest mines allow rules from the person's answers ("you allowed \`npm test\` in <project> 41 times"), each scoped
to its project and with its replay counts.

Options:
      --agent <agent>     claude | codex | gemini | qwen
      --tool <tool>       the tool name the CLI's hook sends (Bash, Edit, run_shell_command, apply_patch, mcp__s__t …)
      --command <cmd>     the command line, for shell tools
      --path <path>       the file, for edit and read tools
      --url <url>         the address, for fetch tools
      --input <json>      the tool's input as the hook sends it (instead of --command/--path/--url)
      --cwd <dir>         the agent's working folder (default: this one)
      --project <dir>     the project (default: the nearest folder at or above --cwd with .git or .gatehouse)
      --since <age>       log, replay, suggest: only requests this recent (a number and s, m, h or d: 45m, 7d;
                          default: the whole record)
      --json              print JSON

Examples:
  gatehouse policy check
  gatehouse policy test --agent claude --tool Bash --command "npm test && rm -rf ~"
  gatehouse policy test --agent gemini --tool write_file --path src/app.ts --json
  gatehouse policy log --since 1d
  gatehouse policy replay ./candidate.yaml --since 30d`,
  allowPositionals: true,
  options: {
    agent: { type: 'string' },
    tool: { type: 'string' },
    command: { type: 'string' },
    path: { type: 'string' },
    url: { type: 'string' },
    input: { type: 'string' },
    cwd: { type: 'string' },
    project: { type: 'string' },
    since: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const [action, ...rest] = args.positionals;
    try {
      if (action !== 'test') {
        const given = TEST_ONLY.find((name) => args.values[name] !== undefined);
        if (given) throw new ArgumentError(`--${given}: only for gatehouse policy test`);
      }
      if (action !== 'log' && action !== 'replay' && action !== 'suggest' && args.values.since !== undefined) throw new ArgumentError('--since: only for gatehouse policy log, replay and suggest');
      if (action === 'log' || action === 'suggest') {
        if (rest.length > 0) throw new ArgumentError(`unexpected argument ${JSON.stringify(rest[0])} (${action} takes options only; see --help)`);
        return action === 'log' ? await log(args, io) : await suggestCommand(args, io);
      }
      if (action === 'replay') {
        if (rest.length > 1) throw new ArgumentError(`replay takes one file (got ${rest.length})`);
        return await replayCommand(rest[0], args, io);
      }
      if (action === 'check') {
        const given = TEST_ONLY.find((name) => args.values[name] !== undefined);
        if (given) throw new ArgumentError(`--${given}: only for gatehouse policy test`);
        if (rest.length > 1) throw new ArgumentError(`check takes one file (got ${rest.length})`);
        return await check(rest[0], args.values.json === true, io);
      }
      if (action === 'test') {
        if (rest.length > 0) throw new ArgumentError(`unexpected argument ${JSON.stringify(rest[0])} (test takes options only; see --help)`);
        return await test(args, io);
      }
      throw new ArgumentError(`give check, test, log, replay or suggest first (got ${JSON.stringify(action ?? '')})`);
    } catch (err) {
      if (!(err instanceof ArgumentError)) throw err;
      io.stderr.write(`gatehouse policy: ${err.message}\n`);
      return 2;
    }
  },
};

async function check(fileArg: string | undefined, json: boolean, io: CliIo): Promise<number> {
  const policy = await policyModule();
  await policy.loadPolicyParser();
  const file = fileArg === undefined ? policy.personPolicyPath(process.env) : resolve(fileArg);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || fileArg !== undefined) {
      const message = code === 'ENOENT' ? 'no such file' : (err as Error).message;
      if (json) io.stdout.write(`${JSON.stringify({ file, exists: code !== 'ENOENT', ok: false, errors: [{ file, line: 0, column: 0, message }], warnings: [] }, null, 2)}\n`);
      else io.stderr.write(`${file}: ${message}\n`);
      return 1;
    }
  }
  if (text === null) {
    if (json) io.stdout.write(`${JSON.stringify({ file, exists: false, ok: true, rules: { allow: 0, ask: 0, deny: 0 }, onTimeout: 'ask-cli', errors: [], warnings: [] }, null, 2)}\n`);
    else io.stdout.write(`${file}: no policy file — every permission request goes to the person\n`);
    return 0;
  }
  const source = basename(dirname(file)) === '.gatehouse' ? 'project' : 'person';
  const layer = policy.parsePolicyText(text, file, { source, home: homedir() });
  const counts = { allow: 0, ask: 0, deny: 0 };
  for (const r of layer.rules) counts[r.list]++;
  const onTimeout = layer.onTimeout ?? 'ask-cli';
  if (json) {
    io.stdout.write(`${JSON.stringify({ file, exists: true, ok: layer.errors.length === 0, source, rules: counts, onTimeout, errors: layer.errors, warnings: layer.warnings }, null, 2)}\n`);
  } else {
    for (const w of layer.warnings) io.stderr.write(`${w.file}:${w.line}:${w.column}: warning: ${w.message}\n`);
    for (const e of layer.errors) io.stderr.write(`${e.file}:${e.line}:${e.column}: ${e.message}\n`);
    if (layer.errors.length > 0) io.stderr.write(`${file}: ${layer.errors.length} error${layer.errors.length === 1 ? '' : 's'} — until fixed, every request goes to the person\n`);
    else io.stdout.write(`${file}: ok — ${counts.allow} allow, ${counts.ask} ask, ${counts.deny} deny rule${counts.deny === 1 ? '' : 's'}; on_timeout: ${onTimeout}${source === 'project' ? " (a project's own file: it can only narrow)" : ''}\n`);
  }
  return layer.errors.length > 0 ? 1 : 0;
}

function stringValue(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new ArgumentError(`--${name}: needs a value`);
  return value;
}

async function test(args: ParsedArgs, io: CliIo): Promise<number> {
  const policy = await policyModule();
  const agent = stringValue(args, 'agent');
  const tool = stringValue(args, 'tool');
  if (!agent) throw new ArgumentError(`--agent: required (${policy.AGENT_IDS.join(', ')})`);
  if (!(policy.AGENT_IDS as readonly string[]).includes(agent)) throw new ArgumentError(`--agent: unknown agent ${JSON.stringify(agent)} (expected ${policy.AGENT_IDS.join(', ')})`);
  if (!tool) throw new ArgumentError('--tool: required (the tool name the CLI sends, e.g. Bash)');
  const cwd = resolve(stringValue(args, 'cwd') ?? process.cwd());
  const project = stringValue(args, 'project');
  const input = toolInput(policy, agent as Policy['AGENT_IDS'][number], tool, args);
  const engine = await policy.createPolicyEngine();
  const request = { agent, tool, input, cwd, project: project ? resolve(project) : policy.projectRoot(cwd) };
  const decision = engine.decide(request);
  const status = engine.status();
  const hookAllows = agent !== 'gemini';
  const note = !hookAllows && decision.decision === 'allow' ? GEMINI_NOTE : null;
  if (args.values.json === true) {
    io.stdout.write(`${JSON.stringify({ agent, tool, input, cwd, project: request.project, ...decision, hookAllows, note, policy: status }, null, 2)}\n`);
    return 0;
  }
  const lines = [`decision:   ${decision.decision}`, `decided by: ${describe(decision.decidedBy)}`];
  if (decision.parts && (decision.parts.length > 1 || decision.kind === 'Bash')) {
    lines.push('parts:');
    const width = Math.max(...decision.parts.map((p) => p.text.length), 4);
    for (const p of decision.parts) lines.push(`  ${p.decision.padEnd(5)}  ${p.kind.padEnd(8)} ${p.text.padEnd(width)}  ${describe(p.decidedBy)}${p.note ? ` — ${p.note}` : ''}`);
  }
  if (note) lines.push(`note: ${note}`);
  lines.push(`policy:     ${status.file}${status.exists ? ` (${status.rules} rules, on_timeout ${status.onTimeout})` : ' (no file)'}`);
  lines.push(`project:    ${request.project}`);
  for (const w of engine.layers(request.project).flatMap((l) => l.warnings)) lines.push(`warning:    ${w.file}:${w.line}:${w.column}: ${w.message}`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function describe(by: import('../../policy/index.js').DecidedBy): string {
  switch (by.kind) {
    case 'rule':
      return `rule ${by.rule} (${by.list}, ${by.file}:${by.line})`;
    case 'protected':
      return `protected path ${by.path} (always asks the person)`;
    case 'policy-error':
      return `policy error ${by.error.file}:${by.error.line}:${by.error.column}: ${by.error.message}`;
    case 'default':
      return 'no rule (ask the person)';
  }
}

/** The tool input the CLI's hook would send, from --input or from --command/--path/--url. */
function toolInput(policy: Policy, agent: Policy['AGENT_IDS'][number], tool: string, args: ParsedArgs): unknown {
  const raw = stringValue(args, 'input');
  const command = stringValue(args, 'command');
  const path = stringValue(args, 'path');
  const url = stringValue(args, 'url');
  if (raw !== undefined) {
    if (command ?? path ?? url) throw new ArgumentError('--input: give the whole tool input, or --command/--path/--url, not both');
    try {
      return JSON.parse(raw) as unknown;
    } catch (err) {
      throw new ArgumentError(`--input: not JSON (${(err as Error).message})`);
    }
  }
  const entry = policy.TOOL_TABLE[agent].tools[tool];
  if (!entry) {
    if (command ?? path ?? url) {
      const known = Object.keys(policy.TOOL_TABLE[agent].tools).join(', ');
      throw new ArgumentError(`--tool: ${JSON.stringify(tool)} is not a tool gatehouse reads for ${policy.AGENT_NAMES[agent]} (${known}, or an MCP tool); give its input with --input`);
    }
    return {};
  }
  const given = command !== undefined ? 'command' : path !== undefined ? 'path' : url !== undefined ? 'url' : null;
  const wants = entry.command ? 'command' : entry.patch || entry.paths ? 'path' : entry.urls ? 'url' : null;
  if (wants && given !== wants) throw new ArgumentError(`--${wants}: required for ${tool}${tool === entry.kind ? '' : ` (a ${entry.kind} tool)`}${given ? ` (got --${given})` : ''}`);
  if (!wants && given) throw new ArgumentError(`--${given}: ${tool} takes none`);
  if (entry.command) return { [entry.command[0]!]: command };
  if (entry.patch) return { [entry.patch[0]!]: `*** Begin Patch\n*** Update File: ${path}\n*** End Patch\n` };
  if (entry.paths) return { [entry.paths[0]!]: path };
  if (entry.urls) return { [entry.urls[0]!]: url };
  return {};
}

/** --since as milliseconds since the epoch (undefined: all of the record). */
function sinceOf(policy: LogModule, args: ParsedArgs, fallback?: string): number | undefined {
  const value = args.values.since === undefined ? fallback : stringValue(args, 'since');
  if (value === undefined) return undefined;
  try {
    return Date.now() - policy.parseDuration(value, '--since');
  } catch (err) {
    throw new ArgumentError((err as Error).message);
  }
}

async function records(policy: LogModule, since: number | undefined, io: CliIo) {
  const file = dataPaths(dataDir(process.env)).permissionLog;
  const read = await policy.readPermissionLog(file, since);
  if (read.skipped > 0) io.stderr.write(`${file}: ${read.skipped} line${read.skipped === 1 ? ' is' : 's are'} not a record (skipped)\n`);
  return { file, ...read };
}

async function log(args: ParsedArgs, io: CliIo): Promise<number> {
  const policy = await logModule();
  const since = sinceOf(policy, args);
  const { file, records: list } = await records(policy, since, io);
  if (args.values.json === true) {
    io.stdout.write(`${JSON.stringify({ file, since: since === undefined ? null : new Date(since).toISOString(), records: list }, null, 2)}\n`);
    return 0;
  }
  if (list.length === 0) {
    io.stdout.write(`${file}: no permission requests recorded${since === undefined ? '' : ` since ${new Date(since).toISOString()}`}\n`);
    return 0;
  }
  for (const r of list) {
    const what = r.detail.replace(/\s+/g, ' ');
    io.stdout.write(`${r.time}  ${r.decision.padEnd(5)}  ${r.agent.padEnd(6)} ${r.tool}: ${what.length > 80 ? `${what.slice(0, 79)}…` : what}\n`);
    io.stdout.write(`    project ${r.project}${r.agent_session ? `, session ${r.agent_session}` : ''}${r.task ? `, task ${r.task}` : ''}; ${r.ms} ms; decided by ${r.decided_by.text}${r.gate ? ` (gate ${r.gate})` : ''}\n`);
  }
  return 0;
}

async function engineFor(policy: Policy, fileArg: string | undefined) {
  const file = fileArg === undefined ? undefined : resolve(fileArg);
  if (file !== undefined) {
    try {
      await readFile(file, 'utf8');
    } catch (err) {
      throw new ArgumentError(`${fileArg}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
    }
  }
  return policy.createPolicyEngine(file === undefined ? {} : { policyFile: file });
}

async function replayCommand(fileArg: string | undefined, args: ParsedArgs, io: CliIo): Promise<number> {
  const policy = await policyModule();
  const since = sinceOf(policy, args);
  const engine = await engineFor(policy, fileArg);
  const { file, records: list } = await records(policy, since, io);
  const report = policy.replay(list, engine);
  const status = engine.status();
  if (args.values.json === true) {
    io.stdout.write(`${JSON.stringify({ policy: status.file, policy_errors: status.errors, log: file, since: since === undefined ? null : new Date(since).toISOString(), ...report }, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `policy:   ${status.file}${status.exists ? '' : ' (no file)'}`,
    ...status.errors.map((e) => `error:    ${e.file}:${e.line}:${e.column}: ${e.message} (every request would go to the person)`),
    `requests: ${report.requests}${since === undefined ? '' : ` since ${new Date(since).toISOString()}`}`,
    `would:    allow ${report.decisions.allow}, ask ${report.decisions.ask}, deny ${report.decisions.deny}`,
    `saved:    ${report.saved} of the person's ${report.person_answers} answers${report.against_person > 0 ? ` (${report.against_person} the other way from the person)` : ''}`,
  ];
  if (report.allowed_unvetted.length > 0) {
    lines.push(`allowed that the person refused or never saw (${report.allowed_unvetted.length}):`);
    for (const item of report.allowed_unvetted) lines.push(`  ${item.time}  ${item.why.padEnd(7)}  ${item.agent} ${item.tool}: ${item.detail.replace(/\s+/g, ' ')} — ${item.allowed_by}; then: ${item.was}, ${item.was_decided_by}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

async function suggestCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const policy = await policyModule();
  const since = sinceOf(policy, args);
  const engine = await engineFor(policy, undefined);
  const { file, records: list } = await records(policy, since, io);
  const { suggestions, errors } = policy.suggest(list, engine, homedir());
  if (args.values.json === true) {
    io.stdout.write(`${JSON.stringify({ policy: engine.personFile, log: file, requests: list.length, suggestions, errors }, null, 2)}\n`);
    return 0;
  }
  if (suggestions.length === 0) {
    io.stdout.write(`no rules to suggest from ${list.length} recorded request${list.length === 1 ? '' : 's'}\n`);
    return 0;
  }
  const lines: string[] = [];
  for (const s of suggestions) {
    lines.push(`${s.text}`);
    lines.push(`  replay with it: allow ${s.replay.decisions.allow}, ask ${s.replay.decisions.ask}, deny ${s.replay.decisions.deny}; saves ${s.replay.saved} of ${s.replay.person_answers} answers; ${s.replay.allowed_unvetted} allowed that the person refused or never saw`);
    lines.push(`  add under allow: in ${engine.personFile}:`);
    for (const l of s.yaml.split('\n')) lines.push(`    ${l}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

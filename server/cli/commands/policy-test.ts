import { resolve } from 'node:path';
import type { CliIo, ParsedArgs } from '../command.js';
import { ArgumentError } from '../parse-arguments.js';
import { policyModule, type Policy } from './policy-modules.js';
import { stringValue } from './policy-values.js';

const GEMINI_NOTE =
  "Gemini CLI run by hand: its BeforeTool hook cannot allow — an allow leaves Gemini's own dialog to ask; a deny still holds. Under `gatehouse run` the hook is the gate and an allow goes through.";

export async function test(args: ParsedArgs, io: CliIo): Promise<number> {
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
  const lines = [`decision:   ${decision.decision}`, `decided by: ${describe(decision.decidedBy)}`, `risk:       ${decision.risk.grade} — ${decision.risk.reasons.join('; ')}`];
  if (decision.parts && (decision.parts.length > 1 || decision.kind === 'Bash')) {
    lines.push('parts:');
    const width = Math.max(...decision.parts.map((p) => p.text.length), 4);
    for (const p of decision.parts) lines.push(`  ${p.decision.padEnd(5)}  ${p.kind.padEnd(8)} ${p.text.padEnd(width)}  ${describe(p.decidedBy)}${p.note ? ` — ${p.note}` : ''}`);
  }
  if (note) lines.push(`note: ${note}`);
  lines.push(`policy:     ${status.file}${status.exists ? ` (${status.rules} rules, on_timeout ${status.onTimeout})` : ' (no file)'}`);
  lines.push(`project:    ${request.project}`);
  for (const layer of engine.layers(request.project)) {
    for (const e of layer.broken ? [] : layer.errors) lines.push(`skipped:    ${e.file}:${e.line}:${e.column}: ${e.message} (left out until fixed; every other rule holds)`);
    for (const w of layer.warnings) lines.push(`warning:    ${w.file}:${w.line}:${w.column}: ${w.message}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function describe(by: import('../../policy/index.js').DecidedBy): string {
  switch (by.kind) {
    case 'rule':
      return `rule ${by.rule} (${by.list}, ${by.file}:${by.line})${by.note ? ` — ${by.note}` : ''}`;
    case 'protected':
      return `protected path ${by.path} (always asks the person)`;
    case 'policy-error':
      return `policy error ${by.error.file}:${by.error.line}:${by.error.column}: ${by.error.message}`;
    case 'default':
      return 'no rule (ask the person)';
    case 'risk':
      return `no rule; risk ${by.grade} (${by.reasons.join('; ')})`;
    case 'agent-settings':
      return `no rule; risk ${by.grade} (${by.reasons.join('; ')}), left to the CLI's own settings (risk: ${by.grade}: cli)`;
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

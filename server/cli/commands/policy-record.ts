import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CliIo, ParsedArgs } from '../command.js';
import { ArgumentError } from '../parse-arguments.js';
import { dataDir, dataPaths } from '../../config/data-paths.js';
import { logModule, policyModule, type LogModule, type Policy } from './policy-modules.js';
import { sinceOf } from './policy-values.js';

async function records(policy: LogModule, since: number | undefined, io: CliIo) {
  const file = dataPaths(dataDir(process.env)).permissionLog;
  const read = await policy.readPermissionLog(file, since);
  if (read.skipped > 0) io.stderr.write(`${file}: ${read.skipped} line${read.skipped === 1 ? ' is' : 's are'} not a record (skipped)\n`);
  return { file, ...read };
}

export async function log(args: ParsedArgs, io: CliIo): Promise<number> {
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
    if (r.risk) io.stdout.write(`    risk ${r.risk.grade}: ${r.risk.reasons.join('; ')}\n`);
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

export async function replayCommand(fileArg: string | undefined, args: ParsedArgs, io: CliIo): Promise<number> {
  const policy = await policyModule();
  const since = sinceOf(policy, args);
  const engine = await engineFor(policy, fileArg);
  const { file, records: list } = await records(policy, since, io);
  if (args.values.risk === true) return riskReplayCommand(policy, engine, list, file, since, args, io);
  const report = policy.replay(list, engine);
  const status = engine.status();
  if (args.values.json === true) {
    io.stdout.write(`${JSON.stringify({ policy: status.file, policy_errors: status.errors, log: file, since: since === undefined ? null : new Date(since).toISOString(), ...report }, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `policy:   ${status.file}${status.exists ? '' : ' (no file)'}`,
    ...status.errors.map((e) => `error:    ${e.file}:${e.line}:${e.column}: ${e.message} (${status.broken ? 'the file does not parse: only its last valid version\'s deny rules would hold, every other request would go to the person' : 'that entry is left out; every other rule holds'})`),
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

export async function suggestCommand(args: ParsedArgs, io: CliIo): Promise<number> {
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

/** `replay --risk`: how many recorded requests each `risk:` setting would have put to a person. */
function riskReplayCommand(policy: Policy, engine: Awaited<ReturnType<Policy['createPolicyEngine']>>, list: Parameters<Policy['riskReplay']>[0], file: string, since: number | undefined, args: ParsedArgs, io: CliIo): number {
  const report = policy.riskReplay(list, engine);
  const status = engine.status();
  if (args.values.json === true) {
    io.stdout.write(`${JSON.stringify({ policy: status.file, policy_errors: status.errors, log: file, since: since === undefined ? null : new Date(since).toISOString(), ...report }, null, 2)}\n`);
    return 0;
  }
  const g = report.by_grade;
  const lines = [
    `policy:   ${status.file}${status.exists ? '' : ' (no file)'}`,
    ...status.errors.map((e) => `error:    ${e.file}:${e.line}:${e.column}: ${e.message} (every request would go to the person)`),
    `requests: ${report.requests}${since === undefined ? '' : ` since ${new Date(since).toISOString()}`}; ${report.by_rules} decided by rules, protected paths or errors (the same under every setting)`,
    `by grade: low ${g.low}${report.low_outside_project ? ` (${report.low_outside_project} outside a project: an allow asks there)` : ''}, medium ${g.medium}, high ${g.high}`,
    '',
    'risk: low    medium  high   asked  denied  allowed',
  ];
  for (const row of report.settings) {
    const s = row.setting;
    lines.push(`      ${s.low.padEnd(6)} ${s.medium.padEnd(7)} ${s.high.padEnd(6)} ${String(row.asked).padStart(5)}  ${String(row.denied).padStart(6)}  ${String(row.allowed).padStart(7)}${row.current ? '   ← your policy' : ''}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

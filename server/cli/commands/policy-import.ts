// `gatehouse policy import [claude|codex|gemini|qwen …]`: the agent CLIs' own rules into the person's policy.yaml.
// Shows what it adds (a diff) and what it leaves out and why; writes with --yes or after a yes at the terminal.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { createTwoFilesPatch } from 'diff';
import type { CliIo, ParsedArgs } from '../command.js';
import { ArgumentError } from '../parse-arguments.js';
import { policyModule } from './policy-modules.js';
import { stringValue } from './policy-values.js';

async function confirm(io: CliIo, file: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!io.stdin.isTTY) {
    io.stderr.write('gatehouse policy import: nothing written; run again with --yes to write it\n');
    return false;
  }
  const rl = createInterface({ input: io.stdin, output: io.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`Write ${file}? [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export async function importCommand(agentArgs: string[], args: ParsedArgs, io: CliIo): Promise<number> {
  const policy = await policyModule();
  const bad = agentArgs.find((a) => !(policy.AGENT_IDS as readonly string[]).includes(a));
  if (bad) throw new ArgumentError(`unknown agent ${JSON.stringify(bad)} (expected ${policy.AGENT_IDS.join(', ')})`);
  await policy.loadPolicyParser();
  const agents = agentArgs.length ? (agentArgs as typeof policy.AGENT_IDS[number][]) : [...policy.AGENT_IDS];
  const home = homedir();
  const projectArg = stringValue(args, 'project');
  const project = realpathSync(projectArg ? resolve(projectArg) : policy.projectRoot(process.cwd()));
  const found = policy.readNativeRules(agents, { env: process.env, home, project });
  const file = policy.personPolicyPath(process.env);
  let before = '';
  try {
    before = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  let plan;
  try {
    plan = policy.planImport(file, before, policy.importEntries(found.rules), home);
  } catch (err) {
    io.stderr.write(`gatehouse policy import: ${(err as Error).message}\n`);
    return 1;
  }
  const leftOut = found.rules.filter((r) => r.rules.length === 0);
  const noted = found.rules.filter((r) => r.rules.length > 0 && r.note);
  if (args.values.json === true) {
    // --json never asks: it writes with --yes only.
    io.stdout.write(`${JSON.stringify({ file, project, written: plan.added.length > 0 && args.values.yes === true, added: plan.added, present: plan.present, left_out: leftOut.map((r) => ({ agent: r.agent, list: r.list, native: r.native, at: policy.where(r), why: r.note })), notes: noted.map((r) => ({ agent: r.agent, native: r.native, at: policy.where(r), note: r.note })), modes: found.modes, unreadable: found.unreadable }, null, 2)}\n`);
    if (plan.added.length === 0 || args.values.yes !== true) return 0;
  } else {
    const lines: string[] = [];
    for (const r of leftOut) lines.push(`left out: ${r.agent} ${r.list} ${r.native} (${policy.where(r)}): ${r.note}`);
    for (const r of noted) lines.push(`note:     ${r.agent} ${r.list} ${r.native} (${policy.where(r)}): ${r.note}`);
    for (const m of found.modes) lines.push(`left out: ${m.agent} ${m.setting} = ${JSON.stringify(m.value)} (${policy.where(m)}): ${m.note}`);
    for (const u of found.unreadable) lines.push(`unreadable: ${u.file} (${u.agent}): ${u.reason} — nothing imported from it`);
    if (plan.present.length) lines.push(`already in the policy: ${plan.present.length} rule${plan.present.length === 1 ? '' : 's'}`);
    if (plan.added.length === 0) lines.push(`nothing to add to ${file}`);
    if (lines.length) io.stdout.write(`${lines.join('\n')}\n`);
    if (plan.added.length === 0) return 0;
    io.stdout.write(`\n${createTwoFilesPatch(file, file, plan.before, plan.after, '', '', { context: 2 }).split('\n').slice(2).join('\n')}`);
    if (!(await confirm(io, file, args.values.yes === true))) return 2;
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, plan.after, { mode: 0o600 });
  await rename(tmp, file);
  if (args.values.json !== true) io.stdout.write(`written: ${file} (${plan.added.length} rule${plan.added.length === 1 ? '' : 's'} added)\n`);
  return 0;
}

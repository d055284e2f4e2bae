import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { CliIo } from '../command.js';
import { policyModule } from './policy-modules.js';

export async function check(fileArg: string | undefined, json: boolean, io: CliIo, projectArg?: string): Promise<number> {
  const policy = await policyModule();
  await policy.loadPolicyParser();
  const personFile = policy.personPolicyPath(process.env);
  const file = fileArg === undefined ? personFile : resolve(fileArg);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || fileArg !== undefined) {
      const message = code === 'ENOENT' ? 'no such file' : (err as Error).message;
      if (json) io.stdout.write(`${JSON.stringify({ file, exists: code !== 'ENOENT', ok: false, broken: true, errors: [{ file, line: 0, column: 0, message }], warnings: [] }, null, 2)}\n`);
      else io.stderr.write(`${file}: ${message}\n`);
      return 1;
    }
  }
  // The person's own file: the agent CLIs' allows that decide before gatehouse is asked, where wider than it.
  const wider = file === personFile ? await nativeWider(policy, projectArg) : [];
  const widerLines = wider.map((w) => `wider:    ${w.at}: ${w.agent} allows ${w.native} — your policy: ${w.policy}`);
  if (wider.length) widerLines.unshift(`${wider.length} allow${wider.length === 1 ? '' : 's'} in the agent CLIs' own settings ${wider.length === 1 ? 'is' : 'are'} wider than your policy (they decide before gatehouse is asked; \`gatehouse policy import\` or take them out):`);
  if (text === null) {
    if (json) io.stdout.write(`${JSON.stringify({ file, exists: false, ok: true, broken: false, rules: { allow: 0, ask: 0, deny: 0 }, onTimeout: 'ask-cli', errors: [], warnings: [], native_allows_wider: wider }, null, 2)}\n`);
    else io.stdout.write([`${file}: no policy file — every permission request goes to the person`, ...widerLines, ''].join('\n'));
    return 0;
  }
  const source = basename(dirname(file)) === '.gatehouse' ? 'project' : 'person';
  const home = homedir();
  const layer = policy.parsePolicyText(text, file, { source, home });
  const broken = layer.broken === true;
  // A person's file that does not parse: the hub denies by the kept last valid version's deny rules meanwhile.
  const kept = broken && file === personFile ? policy.lastValidDenies(policy.lastValidPath(process.env), file, home) : null;
  const counts = { allow: 0, ask: 0, deny: 0 };
  for (const r of layer.rules) counts[r.list]++;
  const onTimeout = layer.onTimeout ?? 'ask-cli';
  if (json) {
    const lastValid = kept ? { file: kept.file, saved_at: kept.savedAt, deny: kept.rules.map((r) => ({ rule: r.rule.text, line: r.line })) } : null;
    io.stdout.write(`${JSON.stringify({ file, exists: true, ok: layer.errors.length === 0, broken, last_valid: lastValid, source, rules: counts, onTimeout, errors: layer.errors, warnings: layer.warnings, native_allows_wider: wider }, null, 2)}\n`);
  } else {
    for (const w of layer.warnings) io.stderr.write(`${w.file}:${w.line}:${w.column}: warning: ${w.message}\n`);
    for (const e of layer.errors) io.stderr.write(`${e.file}:${e.line}:${e.column}: ${e.message}\n`);
    const n = layer.errors.length;
    const summary = `${counts.allow} allow, ${counts.ask} ask, ${counts.deny} deny rule${counts.deny === 1 ? '' : 's'}; on_timeout: ${onTimeout}${source === 'project' ? " (a project's own file: it can only narrow)" : ''}`;
    if (broken) {
      const meanwhile = source === 'project'
        ? 'every request in that project goes to the person'
        : kept
          ? `the deny rules of its last valid version (${kept.file}, saved ${kept.savedAt}: ${kept.rules.length} deny rule${kept.rules.length === 1 ? '' : 's'}) still deny and every other request goes to the person`
          : 'every request goes to the person';
      io.stderr.write(`${file}: does not parse — until fixed, ${meanwhile}\n`);
    } else if (n > 0) io.stderr.write(`${file}: ${n} error${n === 1 ? '' : 's'} — ${n === 1 ? 'that entry is' : 'those entries are'} left out until fixed; every other rule holds (${summary})\n`);
    else io.stdout.write(`${file}: ok — ${summary}\n`);
    if (widerLines.length) io.stdout.write(`${widerLines.join('\n')}\n`);
  }
  return layer.errors.length > 0 ? 1 : 0;
}

async function nativeWider(policy: Awaited<ReturnType<typeof policyModule>>, projectArg: string | undefined) {
  let project: string;
  try {
    project = realpathSync(projectArg ? resolve(projectArg) : policy.projectRoot(process.cwd()));
  } catch {
    project = resolve(projectArg ?? process.cwd());
  }
  const engine = await policy.createPolicyEngine();
  return policy.widerAllows(policy.readNativeRules(policy.AGENT_IDS, { env: process.env, home: homedir(), project }), engine, project);
}

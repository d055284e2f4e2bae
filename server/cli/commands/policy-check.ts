import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { CliIo } from '../command.js';
import { policyModule } from './policy-modules.js';

export async function check(fileArg: string | undefined, json: boolean, io: CliIo): Promise<number> {
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

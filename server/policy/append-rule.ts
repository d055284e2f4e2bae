// Writes a rule made from a gate's answer ("always", "never") into the person's policy file, keeping what is
// there — comments, order, layout (the yaml Document API) — with a comment line saying when and from which gate.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { isSeq, parseDocument, YAMLSeq, type Scalar } from 'yaml';
import { parsePolicyText } from './policy-file.js';
import { parseRule } from './rule.js';
import type { RuleList } from './types.js';

export interface AppendedRule {
  /** False when the list already held the rule (nothing written). */
  written: boolean;
  file: string;
}

/** Writes in progress per file: appends in one process run one after another, so none is lost. */
const queues = new Map<string, Promise<unknown>>();

/** Appends `rule` to `list` in `file` (created when missing). Throws when the file or the rule does not parse. */
export function appendRule(file: string, list: RuleList, rule: string, note: { gate: string; date?: Date; home?: string }): Promise<AppendedRule> {
  const run = (queues.get(file) ?? Promise.resolve()).catch(() => undefined).then(() => append(file, list, rule, note));
  queues.set(file, run);
  void run.finally(() => {
    if (queues.get(file) === run) queues.delete(file);
  }).catch(() => undefined);
  return run;
}

async function append(file: string, list: RuleList, rule: string, note: { gate: string; date?: Date; home?: string }): Promise<AppendedRule> {
  parseRule(rule, note.home ?? homedir());
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const layer = parsePolicyText(text, file, { source: 'person', home: note.home });
  const first = layer.broken ? layer.errors[0] : undefined;
  if (first) throw new Error(`${first.file}:${first.line}:${first.column}: ${first.message} — fix the policy file before a rule is added to it`);
  if (layer.rules.some((r) => r.list === list && r.rule.text === rule.trim())) return { written: false, file };

  const doc = parseDocument(text);
  let seq = doc.get(list, true);
  if (!isSeq(seq)) {
    seq = new YAMLSeq();
    if (doc.contents === null) doc.contents = doc.createNode({}) as never;
    doc.set(list, seq);
  }
  const item = doc.createNode(rule.trim()) as Scalar;
  const day = (note.date ?? new Date()).toISOString().slice(0, 10);
  item.commentBefore = ` ${day}: added from gate ${note.gate}`;
  (seq as YAMLSeq).items.push(item);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, doc.toString(), { mode: 0o600 });
  await rename(tmp, file);
  return { written: true, file };
}

// The last valid version of the person's policy, kept as a copy in the data directory (policy.last-valid.yaml):
// written whenever the file is read and parses, read when it stops parsing, so its deny rules go on denying while
// everything else asks the person (a half-saved edit must not turn every deny off). The copy's first line names
// the file it is a copy of and when it was saved; a copy of another file is never used.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parsePolicyText, type LoadedRule } from './policy-file.js';

const HEADER = /^# gatehouse: the last valid version of (.+), saved (\S+)\. Its deny rules hold while that file does not parse\.\n/;

function header(policyFile: string, savedAt: string): string {
  return `# gatehouse: the last valid version of ${policyFile}, saved ${savedAt}. Its deny rules hold while that file does not parse.\n`;
}

interface Copy {
  policyFile: string;
  savedAt: string;
  text: string;
}

function readCopy(copyFile: string): Copy | null {
  let text: string;
  try {
    text = readFileSync(copyFile, 'utf8');
  } catch {
    return null;
  }
  const m = HEADER.exec(text);
  return m ? { policyFile: m[1]!, savedAt: m[2]!, text: text.slice(m[0].length) } : null;
}

/** Keeps `text` (which parses) as the last valid version of `policyFile`, unless the copy already holds it. Never throws. */
export function saveLastValid(copyFile: string, policyFile: string, text: string, now = new Date()): void {
  const copy = readCopy(copyFile);
  if (copy && copy.policyFile === policyFile && copy.text === text) return;
  const tmp = `${copyFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, header(policyFile, now.toISOString()) + text, { mode: 0o600 });
    renameSync(tmp, copyFile);
  } catch {
    // A data directory that cannot be written: the next valid read tries again; nothing else depends on it.
  }
}

export interface LastValidDenies {
  file: string;
  savedAt: string;
  /** The copy's deny rules (file: the copy, line: their line in it). */
  rules: LoadedRule[];
}

/** The deny rules of the kept copy of `policyFile`, or null when there is none (or it is a copy of another file). */
export function lastValidDenies(copyFile: string, policyFile: string, home: string): LastValidDenies | null {
  const copy = readCopy(copyFile);
  if (!copy || copy.policyFile !== policyFile) return null;
  // Parsed with its header line so that every line number is the copy's own.
  const layer = parsePolicyText(header(copy.policyFile, copy.savedAt) + copy.text, copyFile, { source: 'person', home });
  if (layer.broken) return null;
  return { file: copyFile, savedAt: copy.savedAt, rules: layer.rules.filter((r) => r.list === 'deny') };
}

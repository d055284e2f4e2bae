// Where a path from a tool's input lands, and how the person is shown it: relative to the project, or absolute
// (and marked) outside it. The same resolving as the permission policy's (server/policy/path-rule.ts).
import { homedir } from 'node:os';
import { inside, resolvePath } from '../policy/path-rule.js';
import type { FileTarget } from './file-diff.js';

export interface ResolvedTarget extends FileTarget {
  absolute: string;
}

export function fileTarget(path: string, cwd: string, project: string): ResolvedTarget {
  const resolved = resolvePath(path, cwd, homedir());
  const rel = inside(resolvePath(project, cwd, homedir()).real, resolved.real) ?? inside(project, resolved.lexical);
  return { absolute: resolved.lexical, path: rel === null || rel === '' ? resolved.lexical : rel, outside: rel === null };
}

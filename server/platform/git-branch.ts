import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The git branch checked out in `folder` (or the nearest folder above it that is a git checkout), read from
 * .git/HEAD without running git. A worktree's or submodule's `.git` file ("gitdir: …") is followed.
 * Null when there is no checkout, HEAD is detached, or anything cannot be read.
 */
export async function gitBranch(folder: string): Promise<string | null> {
  let dir = resolve(folder);
  for (;;) {
    const head = await headFile(join(dir, '.git'));
    if (head) return branchFromHead(await readFile(head, 'utf8').catch(() => ''));
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** "ref: refs/heads/feature/x" → "feature/x"; a detached HEAD (a bare hash) → null. */
export function branchFromHead(content: string): string | null {
  const match = /^ref:\s*refs\/heads\/(.+)$/m.exec(content.trim());
  return match ? match[1].trim() || null : null;
}

async function headFile(dotGit: string): Promise<string | null> {
  const info = await stat(dotGit).catch(() => null);
  if (!info) return null;
  if (info.isDirectory()) return join(dotGit, 'HEAD');
  const pointer = /^gitdir:\s*(.+)$/m.exec(await readFile(dotGit, 'utf8').catch(() => ''));
  if (!pointer) return null;
  const gitdir = pointer[1].trim();
  return join(isAbsolute(gitdir) ? gitdir : resolve(dirname(dotGit), gitdir), 'HEAD');
}

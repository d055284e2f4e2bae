import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';

/** Folders of a project that hold its component files: `GATEHOUSE_RESOLVE_DIRS` (comma-separated), default imports,lib. */
export function lookupDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = (env.GATEHOUSE_RESOLVE_DIRS ?? 'imports,lib').split(',').map((d) => d.trim()).filter(Boolean);
  return dirs.length ? dirs : ['imports', 'lib'];
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '_');

function walk(dir: string, depth: number, out: Map<string, number>): void {
  if (depth < 0 || !existsSync(dir)) return;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path, depth - 1, out);
    else if (e.isFile()) out.set(path, statSync(path).mtimeMs);
  }
}

function tsciDependencies(projectDir: string): string[] {
  try {
    const pkg = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8'));
    return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => n.startsWith('@tsci/'));
  } catch {
    return [];
  }
}

/** The component files and @tsci dependencies of a project at one moment. */
export interface ProjectSnapshot {
  files: Map<string, number>;
  dependencies: string[];
}

export function snapshotProject(projectDir: string, dirs: string[]): ProjectSnapshot {
  const files = new Map<string, number>();
  for (const d of dirs) walk(resolve(projectDir, d), 4, files);
  return { files, dependencies: tsciDependencies(projectDir) };
}

/**
 * A component already in the project: a file in the lookup folders whose name (without extension) is the
 * component name, or an @tsci dependency whose name ends with it — both matched case-insensitively.
 */
export function findLocalComponent(projectDir: string, name: string, dirs: string[]): string | null {
  const wanted = normalise(name.trim());
  if (!wanted) return null;
  const snap = snapshotProject(projectDir, dirs);
  for (const path of [...snap.files.keys()].sort()) {
    if (normalise(basename(path, extname(path))) === wanted) return path;
  }
  for (const dep of snap.dependencies) {
    const bare = dep.slice('@tsci/'.length);
    if (normalise(bare) === wanted || normalise(bare.split('.').pop() ?? '') === wanted) return dep;
  }
  return null;
}

/** What an import added: new or rewritten component files first, then new @tsci dependencies. */
export function addedSince(before: ProjectSnapshot, after: ProjectSnapshot): string[] {
  const files = [...after.files].filter(([path, mtime]) => before.files.get(path) !== mtime).map(([path]) => path).sort();
  const deps = after.dependencies.filter((d) => !before.dependencies.includes(d));
  return [...files, ...deps];
}

// The specifier of an Edit or Read rule, as Claude Code writes it (gitignore-like): `//abs/path` from the
// filesystem root, `~/path` from the home folder, `/path`, `./path` and `path` from the project's folder (a
// pattern without a "/" matches at any depth, as in .gitignore). Globs with picomatch. A relative rule only
// ever matches inside its project; a path is matched as resolved (cwd, .., symlinks).
import { realpathSync } from 'node:fs';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';

export interface PathPattern {
  anchor: 'project' | 'absolute';
  /** The glob as matched: relative to the project, or absolute. */
  glob: string;
  test(path: string): boolean;
  /**
   * A `/path` rule of the person's file, read as Claude Code reads it in ~/.claude/settings.json (from that
   * folder): the project-relative reading a deny or ask rule also holds for.
   */
  alsoProject?: PathPattern;
}

/**
 * Compiles an Edit/Read specifier; throws an Error saying what is wrong. `slashRoot`: where `/path` starts (Claude
 * Code: the folder of the settings file's scope — ~/.claude for the person's); absent, the project.
 */
export function compilePathPattern(spec: string, home: string, slashRoot?: string): PathPattern {
  if (spec.trim() === '') throw new Error('an empty path');
  if (slashRoot && spec.startsWith('/') && !spec.startsWith('//')) {
    const inRoot = compilePathPattern(`/${posix.join(slashRoot, spec)}`, home);
    return { ...inRoot, alsoProject: compilePathPattern(spec, home) };
  }
  let anchor: PathPattern['anchor'] = 'project';
  let glob: string;
  if (spec.startsWith('//')) {
    anchor = 'absolute';
    glob = posix.normalize(spec.slice(1));
  } else if (spec === '~' || spec.startsWith('~/')) {
    anchor = 'absolute';
    glob = posix.normalize(join(home, spec.slice(2) || '.'));
  } else {
    glob = spec.startsWith('/') ? spec.slice(1) : spec.startsWith('./') ? spec.slice(2) : spec;
    // As Claude Code reads it: "./" is no anchor of its own, and a folder's "/**" or "/" is not a "/" that anchors
    // (./.env and src/** hold at any depth, config/secret.json from the project only).
    const anchored = spec.startsWith('/') || glob.replace(/(\/\*\*)+\/?$|\/$/, '').includes('/');
    glob = posix.normalize(glob);
    if (glob === '..' || glob.startsWith('../')) throw new Error('a relative path never reaches outside its project: write //absolute/path or ~/path');
    if (!anchored && glob !== '.') glob = `**/${glob}`;
  }
  if (anchor === 'absolute') glob = realBase(glob);
  glob = glob.replace(/\/$/, '');
  const matchers = glob === '.' || glob === '' ? [picomatch('**', { dot: true })] : [picomatch(glob, { dot: true }), picomatch(`${glob}/**`, { dot: true })];
  return { anchor, glob, test: (path) => matchers.some((m) => m(path)) };
}

/** The pattern with its fixed leading folders resolved through symlinks (where they exist). */
function realBase(glob: string): string {
  const { base } = picomatch.scan(glob);
  if (!base || base === '/') return glob;
  const real = realPath(base);
  return real === base ? glob : real + glob.slice(base.length);
}

/** A path as the agent means it: absolute, normalised, and through symlinks where it exists. */
export interface ResolvedPath {
  lexical: string;
  real: string;
}

/** Resolves `path` (relative to cwd, `~/` from home) to an absolute path, through symlinks as far as it exists. */
export function resolvePath(path: string, cwd: string, home: string): ResolvedPath {
  const expanded = path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path;
  const lexical = resolve(cwd, expanded);
  return { lexical, real: realPath(lexical) };
}

/** realpath of the longest existing leading part, the rest appended. */
export function realPath(path: string): string {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      const real = realpathSync.native(at);
      return rest.length ? join(real, ...rest.reverse()) : real;
    } catch {
      const parent = resolve(at, '..');
      if (parent === at) return path;
      rest.push(at.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
      at = parent;
    }
  }
}

/** The path relative to `folder`, or null when it is not inside it. */
export function inside(folder: string, path: string): string | null {
  const rel = relative(folder, path);
  if (rel === '') return '';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/**
 * Whether a path rule matches. Allow rules look at the real path only (a symlink in the project that points out
 * of it is outside); deny and ask rules also at the path as written, so neither form escapes them.
 */
export function matchPathPattern(pattern: PathPattern, path: ResolvedPath, project: ResolvedPath, strict: boolean): boolean {
  if (!strict && pattern.alsoProject && matchPathPattern(pattern.alsoProject, path, project, strict)) return true;
  const forms: Array<[string, string]> = [[path.real, project.real]];
  if (!strict) forms.push([path.lexical, project.lexical], [path.lexical, project.real]);
  for (const [p, root] of forms) {
    if (pattern.anchor === 'absolute') {
      if (pattern.test(p)) return true;
      continue;
    }
    const rel = inside(root, p);
    if (rel !== null && pattern.test(rel === '' ? '.' : rel)) return true;
  }
  return false;
}

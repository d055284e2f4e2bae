// Files whose change would change who decides: gatehouse's own data directory (policy, credential, settings) and
// the agent CLIs' settings and hook files, the person's and a project's. A write to one always goes to the
// person, whatever the rules allow (a deny rule still denies).
import { join } from 'node:path';
import picomatch from 'picomatch';
import { realPath, type ResolvedPath } from './path-rule.js';

export interface ProtectedPaths {
  /** The globs, absolute (for the README and `policy test`). */
  globs: string[];
  /** The protected path a resolved path falls on, or null. */
  match(path: ResolvedPath): string | null;
  /** The protected file a shell glob (absolute) could name, trying the known files in `folders` too. */
  matchGlob(glob: string, folders: string[]): string | null;
  /** Folder names whose appearance in a word only known when it runs ($X/.claude/…) is taken as protected. */
  fragments: string[];
}

export function protectedPaths(options: { env: NodeJS.ProcessEnv; home: string; dataDir: string; policyFile: string }): ProtectedPaths {
  const { env, home } = options;
  const claude = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  const codex = env.CODEX_HOME || join(home, '.codex');
  const gemini = join(env.GEMINI_CLI_HOME || home, '.gemini');
  const qwen = env.QWEN_HOME || join(home, '.qwen');
  const files = [
    options.dataDir,
    `${options.dataDir}/**`,
    options.policyFile,
    `${claude}/settings*.json`,
    `${codex}/hooks.json`,
    `${codex}/config.toml`,
    `${codex}/requirements.toml`,
    `${gemini}/settings.json`,
    `${qwen}/settings*.json`,
    '/etc/claude-code/**',
    '/etc/codex/**',
    '/etc/gemini-cli/**',
    '/etc/qwen-code/**',
    // A project's (and every folder's) own files.
    '**/.claude/settings*.json',
    '**/.codex/hooks.json',
    '**/.codex/config.toml',
    '**/.gemini/settings.json',
    '**/.qwen/**',
    '**/.gatehouse/**',
  ];
  for (const name of ['QWEN_CODE_SYSTEM_SETTINGS_PATH', 'QWEN_CODE_SYSTEM_DEFAULTS_PATH', 'GEMINI_CLI_SYSTEM_SETTINGS_PATH', 'GEMINI_CLI_SYSTEM_DEFAULTS_PATH']) {
    if (env[name]) files.push(env[name]!);
  }
  // The same folders as they are on disk, when one is a symlink.
  const globs = [...new Set(files.flatMap((g) => (g.startsWith('**') ? [g] : [g, realGlob(g)])))];
  const matchers = globs.map((g) => picomatch(g, { dot: true }));
  // The files themselves, for a glob in a command line to be tried against.
  const named = ['.claude/settings.json', '.claude/settings.local.json', '.codex/hooks.json', '.codex/config.toml', '.gemini/settings.json', '.qwen/settings.json', '.gatehouse/policy.yaml'];
  const fixed = [
    join(options.dataDir, 'policy.yaml'), join(options.dataDir, 'credential'), join(options.dataDir, 'settings.json'), options.policyFile,
    join(claude, 'settings.json'), join(claude, 'settings.local.json'), join(codex, 'hooks.json'), join(codex, 'config.toml'), join(gemini, 'settings.json'), join(qwen, 'settings.json'),
  ];
  return {
    globs,
    fragments: ['.claude', '.codex', '.gemini', '.qwen', '.gatehouse', options.dataDir],
    matchGlob(glob, folders) {
      let test: (p: string) => boolean;
      try {
        test = picomatch(glob, { dot: true });
      } catch {
        return glob;
      }
      const files = [...fixed, ...[home, ...folders].flatMap((f) => named.map((n) => join(f, n)))];
      return files.find((f) => test(f)) ?? null;
    },
    match(path) {
      for (const p of [path.real, path.lexical]) if (matchers.some((m) => m(p))) return p;
      return null;
    },
  };
}

function realGlob(glob: string): string {
  const { base } = picomatch.scan(glob);
  if (!base) return realPath(glob);
  return realPath(base) + glob.slice(base.length);
}

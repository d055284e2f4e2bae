// The corpus of the differential test: Claude Code permission rules, each with the tool calls it is tried on.
// A case puts its rules in one of Claude Code's settings files (user, project or local) and the stand-in asks
// for the calls in order; record-claude-rules.ts writes what Claude Code 2.1.197 did with each call to
// test/fixtures/claude-rules/, and claude-rules-differential.test.ts holds gatehouse to it.
//
// In rules, <home> and <project> stand for the run's HOME and project folder (absolute, no trailing "/").
// A call's path is relative to the project, or ~/… from HOME, or absolute.
import { isAbsolute, join } from 'node:path';

export type Verdict = 'allow' | 'ask' | 'deny';
export type SettingsLevel = 'user' | 'project' | 'local';

export type RuleCall = { tool: 'Bash'; command: string } | { tool: 'Read' | 'Edit' | 'Write'; path: string };

export interface RuleLists {
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

export interface RuleCase {
  /** Unique, stable: a recorded pair is `<id>#<call index>`. */
  id: string;
  /** What the case is about (prefix, redirection, subfolder …). */
  topic: string;
  level: SettingsLevel;
  rules: RuleLists;
  /** Files to create before the run (call-path notation). */
  files?: string[];
  calls: RuleCall[];
}

/** A call's path as an absolute path in a run (or a test rig) with this HOME and project. */
export function resolveCallPath(path: string, home: string, project: string): string {
  if (path === '~' || path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? path : join(project, path);
}

/** The case's rules with <home> and <project> filled in. */
export function rulesFor(c: RuleCase, home: string, project: string): RuleLists {
  const fill = (r: string) => r.replaceAll('<home>', home).replaceAll('<project>', project);
  const out: RuleLists = {};
  for (const list of ['allow', 'ask', 'deny'] as const) if (c.rules[list]) out[list] = c.rules[list]!.map(fill);
  return out;
}

const bash = (...commands: string[]): RuleCall[] => commands.map((command) => ({ tool: 'Bash', command }));
const read = (...paths: string[]): RuleCall[] => paths.map((path) => ({ tool: 'Read', path }));
const edit = (...paths: string[]): RuleCall[] => paths.map((path) => ({ tool: 'Edit', path }));
const write = (...paths: string[]): RuleCall[] => paths.map((path) => ({ tool: 'Write', path }));

const NPM_TEST_FORMS = bash(
  'npm test',
  'npm test -- --watch',
  'npm testing',
  'npm run test',
  'npm test > out.txt',
  'npm test >> out.txt',
  'npm test 2>&1',
  'npm test > /dev/null',
  'npm test &',
  '(npm test)',
  '{ npm test; }',
  'npm test && npm test',
  'npm test && touch x',
  'npm test; touch x',
  'npm test || touch x',
  'npm test | tee out.txt',
  'npm test | sort',
  'FOO=1 npm test',
  'echo $(npm test)',
  'nohup npm test',
  'timeout 5 npm test',
  'cd sub && npm test',
  'npm test\ntouch x',
);

export const CASES: RuleCase[] = [
  // Prefix rules and word boundaries; what follows the allowed command (redirections, &, subshells, compounds).
  { id: 'allow-prefix', topic: 'prefix, redirections, background, subshells, compounds', level: 'user', rules: { allow: ['Bash(npm test:*)'] }, files: ['sub/keep.txt'], calls: NPM_TEST_FORMS },
  { id: 'deny-prefix', topic: 'a deny of a prefix in every form', level: 'user', rules: { deny: ['Bash(npm test:*)'] }, files: ['sub/keep.txt'], calls: NPM_TEST_FORMS },
  { id: 'ask-prefix', topic: 'an ask of a prefix', level: 'user', rules: { ask: ['Bash(git push:*)'] }, calls: bash('git push', 'git push origin main', 'git status && git push', 'git pushx', 'git status') },
  { id: 'allow-exact', topic: 'an exact command', level: 'user', rules: { allow: ['Bash(npm test)'] }, calls: bash('npm test', 'npm test --watch', 'npm  test', 'npm test > out.txt', 'npm run test') },
  { id: 'allow-space-star', topic: 'a trailing " *"', level: 'user', rules: { allow: ['Bash(npm run *)'] }, calls: bash('npm run build', 'npm run', 'npm runx', 'npm run build && npm run test', 'npm run build > out.txt') },
  { id: 'allow-star-in-word', topic: 'a * inside a word', level: 'user', rules: { allow: ['Bash(npm*)'] }, calls: bash('npm test', 'npm', 'npmx build', 'npx npm') },
  { id: 'deny-star-in-word', topic: 'a deny with a * inside a word', level: 'user', rules: { deny: ['Bash(npm*)'] }, calls: bash('npm test', 'npm', 'npmx build', 'touch npm') },
  { id: 'allow-star-middle', topic: 'a * between words', level: 'user', rules: { allow: ['Bash(git * main)'] }, calls: bash('git push origin main', 'git merge main', 'git push origin main --force', 'git checkout main') },
  { id: 'allow-colon-prefix', topic: 'a prefix whose next word has a colon', level: 'user', rules: { allow: ['Bash(npm run test:*)'] }, calls: bash('npm run test', 'npm run test:unit', 'npm run testing') },
  { id: 'allow-and-deny', topic: 'an allow narrowed by a deny', level: 'user', rules: { allow: ['Bash(touch:*)'], deny: ['Bash(touch pwned:*)'] }, calls: bash('touch a', 'touch pwned', 'touch a pwned', 'touch a && touch pwned') },
  { id: 'allow-two', topic: 'compounds of two allowed commands', level: 'user', rules: { allow: ['Bash(npm run build)', 'Bash(npm test)'] }, calls: bash('npm run build && npm test', 'npm run build; npm test', 'npm run build | npm test', 'npm run build && touch x') },
  { id: 'allow-bare-bash', topic: 'a bare Bash', level: 'user', rules: { allow: ['Bash'] }, calls: bash('npm test', 'touch x', 'npm test > out.txt', 'rm -rf build') },
  { id: 'allow-bash-star', topic: 'Bash(*)', level: 'user', rules: { allow: ['Bash(*)'] }, calls: bash('npm test', 'touch x', 'npm test > out.txt') },
  { id: 'deny-bare-bash', topic: 'a deny of every Bash call', level: 'user', rules: { deny: ['Bash'] }, calls: bash('npm test', 'ls') },
  { id: 'allow-env-prefix', topic: 'an env assignment in the rule', level: 'user', rules: { allow: ['Bash(NODE_ENV=test npm test)'] }, calls: bash('NODE_ENV=test npm test', 'npm test', 'NODE_ENV=prod npm test') },
  { id: 'deny-make', topic: 'a deny and redirections/pipes', level: 'user', rules: { deny: ['Bash(make:*)'] }, calls: bash('make', 'make build', 'make 2>/dev/null', 'make < /dev/null', 'true && make', 'env make', '/usr/bin/make') },
  { id: 'allow-touch', topic: 'writes in the project', level: 'user', rules: { allow: ['Bash(touch:*)'] }, calls: bash('touch x', 'touch sub/y', 'touch ../outside', 'touch ~/z') },
  // Malformed rules: Claude Code skips the rule (the rest of the file holds).
  { id: 'malformed-lowercase-deny', topic: 'a malformed rule beside a good deny', level: 'user', rules: { deny: ['bash(npm test)', 'Bash(touch:*)'] }, calls: bash('npm test', 'touch x') },
  { id: 'malformed-lowercase-allow', topic: 'a lower-case tool name', level: 'user', rules: { allow: ['bash(npm test)'] }, calls: bash('npm test') },
  { id: 'malformed-paren-deny', topic: 'an unclosed "("', level: 'user', rules: { deny: ['Bash(npm test', 'Bash(touch:*)'] }, calls: bash('npm test', 'touch x') },
  { id: 'malformed-empty-deny', topic: 'an empty "()"', level: 'user', rules: { deny: ['Bash()', 'Bash(touch:*)'] }, calls: bash('npm test', 'touch x') },
  { id: 'malformed-prefix-only', topic: 'nothing before ":*"', level: 'user', rules: { deny: ['Bash(:*)', 'Bash(touch:*)'] }, calls: bash('npm test', 'touch x') },
  // Read rules: ./path, path, subfolders, at each level.
  { id: 'deny-read-dot-env-user', topic: 'Read(./.env) in the person\'s settings', level: 'user', rules: { deny: ['Read(./.env)'] }, files: ['.env', 'sub/.env', 'sub/deep/.env', '.env.local', '~/.env'], calls: [...read('.env', 'sub/.env', 'sub/deep/.env', '.env.local', '~/.env'), ...bash('cat .env', 'cat sub/.env')] },
  { id: 'deny-read-dot-env-project', topic: 'Read(./.env) in the project\'s settings', level: 'project', rules: { deny: ['Read(./.env)'] }, files: ['.env', 'sub/.env', '.env.local'], calls: read('.env', 'sub/.env', '.env.local') },
  { id: 'deny-read-env-bare', topic: 'Read(.env)', level: 'user', rules: { deny: ['Read(.env)'] }, files: ['.env', 'sub/.env'], calls: read('.env', 'sub/.env') },
  { id: 'deny-read-glob', topic: 'Read(*.pem)', level: 'project', rules: { deny: ['Read(*.pem)'] }, files: ['a.pem', 'sub/b.pem', 'a.pem.txt'], calls: read('a.pem', 'sub/b.pem', 'a.pem.txt') },
  { id: 'deny-read-slash-user', topic: '/path in the person\'s settings', level: 'user', rules: { deny: ['Read(/secrets/**)'] }, files: ['secrets/a.txt', '~/secrets/a.txt', '~/.claude/secrets/a.txt', 'sub/secrets/a.txt'], calls: read('secrets/a.txt', '~/secrets/a.txt', '~/.claude/secrets/a.txt', 'sub/secrets/a.txt') },
  { id: 'deny-read-slash-project', topic: '/path in the project\'s settings', level: 'project', rules: { deny: ['Read(/secrets/**)'] }, files: ['secrets/a.txt', 'sub/secrets/a.txt'], calls: read('secrets/a.txt', 'sub/secrets/a.txt') },
  { id: 'deny-read-slash-local', topic: '/path in the local settings', level: 'local', rules: { deny: ['Read(/secrets/**)'] }, files: ['secrets/a.txt', 'sub/secrets/a.txt'], calls: read('secrets/a.txt', 'sub/secrets/a.txt') },
  { id: 'deny-read-folder-path', topic: 'a relative path with a folder', level: 'user', rules: { deny: ['Read(config/secret.json)'] }, files: ['config/secret.json', 'sub/config/secret.json'], calls: read('config/secret.json', 'sub/config/secret.json') },
  { id: 'allow-read-home', topic: '~/path', level: 'user', rules: { allow: ['Read(~/notes/**)'] }, files: ['~/notes/a.txt', '~/notes/sub/b.txt', '~/other/c.txt'], calls: read('~/notes/a.txt', '~/notes/sub/b.txt', '~/other/c.txt') },
  { id: 'allow-read-abs', topic: '//path', level: 'user', rules: { allow: ['Read(/<home>/notes/*)'] }, files: ['~/notes/a.txt', '~/notes/sub/b.txt'], calls: read('~/notes/a.txt', '~/notes/sub/b.txt') },
  { id: 'deny-read-abs-project', topic: '//path in the project\'s settings', level: 'project', rules: { deny: ['Read(/<home>/notes/**)'] }, files: ['~/notes/a.txt'], calls: read('~/notes/a.txt') },
  { id: 'allow-read-bare', topic: 'a bare Read', level: 'user', rules: { allow: ['Read'] }, files: ['~/x.txt'], calls: read('~/x.txt', '/etc/hostname') },
  // Edit and Write rules.
  { id: 'allow-edit-rel', topic: 'Edit(src/**)', level: 'user', rules: { allow: ['Edit(src/**)'] }, calls: [...edit('src/a.ts', 'src/deep/b.ts', 'lib/src/c.ts', 'other.ts'), ...write('src/new.ts', 'lib/src/new.ts')] },
  { id: 'allow-edit-slash-user', topic: 'Edit(/src/**) in the person\'s settings', level: 'user', rules: { allow: ['Edit(/src/**)'] }, calls: [...edit('src/a.ts', 'lib/src/c.ts'), ...write('src/new.ts')] },
  { id: 'allow-edit-slash-project', topic: 'Edit(/src/**) in the project\'s settings', level: 'project', rules: { allow: ['Edit(/src/**)'] }, calls: [...edit('src/a.ts', 'lib/src/c.ts'), ...write('src/new.ts')] },
  { id: 'allow-edit-slash-local', topic: 'Edit(/src/**) in the local settings', level: 'local', rules: { allow: ['Edit(/src/**)'] }, calls: [...edit('src/a.ts', 'lib/src/c.ts'), ...write('src/new.ts')] },
  { id: 'allow-edit-dot', topic: 'Edit(./src/**)', level: 'user', rules: { allow: ['Edit(./src/**)'] }, calls: [...edit('src/a.ts', 'lib/src/c.ts'), ...write('src/new.ts')] },
  { id: 'allow-edit-ext', topic: 'Edit(*.ts)', level: 'user', rules: { allow: ['Edit(*.ts)'] }, calls: [...edit('a.ts', 'src/a.ts', 'a.js'), ...write('src/new.ts')] },
  { id: 'allow-edit-bare', topic: 'a bare Edit', level: 'user', rules: { allow: ['Edit'] }, calls: [...edit('a.txt', 'src/a.ts'), ...write('new.txt', '~/outside.txt', '.git/info/x', '.claude/commands/x.md', '.vscode/settings.json')] },
  { id: 'allow-edit-home', topic: 'Edit(~/path)', level: 'user', rules: { allow: ['Edit(~/notes/**)'] }, calls: write('~/notes/new.txt', '~/other/new.txt') },
  { id: 'allow-write-path', topic: 'Write(path)', level: 'user', rules: { allow: ['Write(src/**)'] }, calls: [...write('src/new.ts'), ...edit('src/a.ts')] },
  { id: 'allow-write-bare', topic: 'a bare Write', level: 'user', rules: { allow: ['Write'] }, calls: [...write('new.txt'), ...edit('a.txt')] },
  { id: 'deny-edit-rel', topic: 'a deny of Edit(src/**)', level: 'user', rules: { deny: ['Edit(src/**)'] }, calls: [...edit('src/a.ts'), ...write('src/new.ts', 'lib/src/new.ts'), ...bash('echo x > src/x.ts', 'touch src/y.ts')] },
  { id: 'deny-write-path', topic: 'a deny of Write(path)', level: 'user', rules: { deny: ['Write(src/**)'] }, calls: [...write('src/new.ts'), ...edit('src/a.ts')] },
  { id: 'deny-edit-dot-env-project', topic: 'Edit(./.env) in the project\'s settings', level: 'project', rules: { deny: ['Edit(./.env)'] }, calls: [...edit('.env', 'sub/.env')] },
];

// What in one simple command deserves a second look, and how much: the one reading of a command's risk, made
// from the shell parser's words (server/shell/, the same parse the permission policy matches rules on), never
// from the text. Each mark has its grade: sudo, rm -r beyond a build folder, git push --force, a pipe into a
// shell, code the parse cannot read, a secret, an upload, a write outside the project are high; a fetch, rm -f,
// --force are medium. The gate shows the marks (server/permission-view/command-view.ts); the risk grade of a
// request is made from them (grade-command.ts).
import type { CommandMark } from '../../../shared/permission/view.js';
import type { RiskGrade } from '../../../shared/permission/risk.js';
import type { SimpleCommand } from '../../shell/parse-shell.js';
import type { ShellWord } from '../../shell/shell-word.js';
import { inside, resolvePath } from '../path-rule.js';
import { pathOperands, wordsOf, type CommandWords } from './command-words.js';
import { destructiveForm } from './destructive-forms.js';
import { inlineCode } from './inline-code.js';
import { exfiltration, networkUse } from './network-forms.js';
import { SECRET_VARIABLE, secretInText, secretPath } from './secrets.js';

export interface RiskMark extends CommandMark {
  grade: RiskGrade;
}

/** Where the command runs: its folder, the project (real path) and the home folder. */
export interface CommandPlace {
  cwd: string;
  project: string;
  home: string;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);
const ROOT = new Set(['sudo', 'doas', 'su', 'pkexec', 'runuser']);
/** Commands that write the files they are given: every argument, or only the last. */
const WRITERS: Record<string, 'all' | 'last'> = { tee: 'all', rm: 'all', touch: 'all', mkdir: 'all', rmdir: 'all', truncate: 'all', chmod: 'all', chown: 'all', cp: 'last', mv: 'last', ln: 'last', install: 'last', rsync: 'last' };
const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);
/** Folders a build makes and a clean removes: rm -r of one (inside the project) is no destruction. */
const BUILD_FOLDERS = /^(node_modules|dist|build|out|target|coverage|\.next|\.nuxt|\.svelte-kit|\.turbo|\.cache|\.parcel-cache|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.tox|\.venv|venv|tmp|\.tmp|\.gradle|obj|storybook-static|\.angular|\.dart_tool|.*\.egg-info|\.eslintcache|\.nyc_output|\.vite)$/;
/** Variables that make every program started load code. */
const CODE_VARIABLES = /^(LD_PRELOAD|LD_AUDIT|BASH_ENV|ENV|PROMPT_COMMAND|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT)=/;

export function commandRisk(command: SimpleCommand, place: CommandPlace): RiskMark[] {
  const marks: RiskMark[] = [];
  const mark = (kind: RiskMark['kind'], grade: RiskGrade, text: string) => marks.push({ kind, grade, text });
  const words = wordsOf(command);
  const { name, short, long, args } = words;
  if (name && ROOT.has(name)) mark('sudo', 'high', `runs as root (${name})`);
  if (name === 'rm') {
    if (short.has('r') || short.has('R') || long.has('recursive')) {
      const build = words.operands.length > 0 && words.operands.every((w) => buildFolder(w, place));
      mark('rm-recursive', build ? 'medium' : 'high', build ? 'deletes a build folder (rm -r)' : 'deletes folders and all they hold (rm -r)');
    }
    if (short.has('f') || long.has('force')) mark('rm-force', 'medium', 'deletes without asking (rm -f)');
  } else if (long.has('force') || [...long].some((o) => o.startsWith('force-')) || (name === 'git' && args[0]?.text === 'push' && short.has('f'))) {
    mark('force', 'medium', 'forced (--force)');
  }
  if (name && SHELLS.has(name) && command.piped) mark('pipe-to-shell', 'high', `runs what comes through the pipe as a script (${name})`);
  else if (command.opaque) mark('opaque', 'high', 'runs code that cannot be read before it runs');
  const code = inlineCode(command, words);
  if (code && !command.opaque) mark('opaque', 'high', code);
  const network = networkUse(words);
  if (network) mark('network', 'medium', network);
  const sent = exfiltration(command, words);
  if (sent) mark('exfiltration', 'high', sent);
  const destroys = destructiveForm(words);
  if (destroys) mark('destructive', 'high', destroys);
  const secret = secretUse(command, words, place);
  if (secret) mark('secret', 'high', secret);
  const loads = [...command.assignments, ...(name === 'export' ? args : [])].find((w) => CODE_VARIABLES.test(w.text));
  if (loads) mark('opaque', 'high', `makes every program it starts load code (${loads.text.split('=')[0]})`);
  for (const path of writtenPaths(command, words)) {
    if (path.dynamic) {
      mark('write-outside', 'high', `writes a file known only when it runs: ${path.raw}`);
      continue;
    }
    const resolved = resolvePath(path.text, place.cwd, place.home);
    if (DEVICES.has(resolved.lexical) || resolved.lexical.startsWith('/dev/fd/')) continue;
    if (inside(place.project, resolved.real) === null) mark('write-outside', 'high', `writes outside the project: ${resolved.lexical}`);
  }
  return marks;
}

/** The marks as the gate shows them (no grade: the stored view's shape stays as it was). */
export function commandMarks(command: SimpleCommand, place: CommandPlace): CommandMark[] {
  return commandRisk(command, place).map(({ kind, text }) => ({ kind, text }));
}

function buildFolder(word: ShellWord, place: CommandPlace): boolean {
  if (word.dynamic) return false;
  const path = resolvePath(word.text, place.cwd, place.home);
  const rel = inside(place.project, path.real);
  if (rel === null || rel === '') return false;
  return rel.split('/').some((segment) => BUILD_FOLDERS.test(segment)) && !word.text.split('/').includes('..');
}

function writtenPaths(command: SimpleCommand, words: CommandWords): ShellWord[] {
  const paths = command.redirects.filter((r) => r.writes && r.target && !/^\/dev\/(tcp|udp)\//.test(r.target.text)).map((r) => r.target!);
  const how = words.name ? WRITERS[words.name] : undefined;
  const operands = words.operands.filter((w) => w.text !== '--');
  if (how === 'all') paths.push(...operands);
  else if (how === 'last' && operands.length > 1) paths.push(...operands.slice(-1));
  if (words.name === 'sed' && (words.short.has('i') || words.long.has('in-place'))) paths.push(...pathOperands(words));
  if (words.name === 'dd') paths.push(...args(words, 'of='));
  const out = words.value('-o', '--output', '-O', '--output-document');
  if (out && (words.name === 'curl' || words.name === 'wget' || words.name === 'sort')) paths.push(out);
  return paths;
}

function args(words: CommandWords, prefix: string): ShellWord[] {
  return words.args.filter((a) => a.text.startsWith(prefix)).map((a) => ({ ...a, text: a.text.slice(prefix.length) }));
}

/** How the command reads, writes or prints a secret, in words, or null. */
function secretUse(command: SimpleCommand, words: CommandWords, place: CommandPlace): string | null {
  const { name, operands, args: rest } = words;
  if ((name === 'env' || name === 'printenv') && operands.length === 0) return `prints the environment, which holds secrets (${name})`;
  if ((name === 'export' || name === 'declare' || name === 'typeset') && rest.every((a) => /^-[a-z]*$/.test(a.text)) && (rest.length === 0 || words.short.has('p') || words.short.has('x'))) return `prints the environment, which holds secrets (${name}${rest.length ? ` ${rest.map((a) => a.text).join(' ')}` : ''})`;
  if (name === 'set' && rest.length === 0) return 'prints the environment, which holds secrets (set)';
  if ((name === 'gpg' || name === 'gpg2') && [...words.long].some((l) => l.startsWith('export-secret'))) return `exports secret keys (${name} --export-secret-keys)`;
  const secretVariable = [...command.assignments, ...command.argv, ...command.redirects.flatMap((r) => (r.target ? [r.target] : []))].map((w) => SECRET_VARIABLE.exec(w.raw)).find((m) => m !== null);
  if (secretVariable) return `uses a secret from the environment ($${secretVariable[1]})`;
  const candidates = [...pathOperands(words), ...command.redirects.flatMap((r) => (r.target ? [r.target] : []))];
  for (const a of rest) {
    const eq = a.text.indexOf('=');
    if (!a.dynamic && a.text.startsWith('-') && eq > 0) candidates.push({ ...a, text: a.text.slice(eq + 1) });
  }
  if (name === 'git' || name === 'npm') candidates.push(...operands.slice(1));
  for (const w of candidates) {
    const hit = w.dynamic ? secretInText(w.raw, place.home) : w.text === '' ? null : secretPath(resolvePath(w.text, place.cwd, place.home).lexical, place.home);
    if (hit) return `touches a secret: ${hit}`;
  }
  return null;
}

// One simple command's grade: its marks (command-risk.ts) and what it does — a command that only reads or
// prints, on files inside the project, is low; one that reads outside the project, or runs anything else (the
// project's own scripts, a build, a write inside the project), is medium; a high mark makes it high.
import type { Risk, RiskGrade } from '../../../shared/permission/risk.js';
import type { SimpleCommand } from '../../shell/parse-shell.js';
import { inside, resolvePath } from '../path-rule.js';
import { commandText } from '../request-parts.js';
import { commandRisk, type CommandPlace } from './command-risk.js';
import { pathOperands, wordsOf, type CommandWords } from './command-words.js';
import { riskOf } from './merge-risk.js';

/** Commands that only read files or print, whatever their options (narrowed per command in readsOnly). */
const READERS = new Set([
  'ls', 'cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'find', 'fd', 'tree', 'wc', 'stat', 'file', 'du', 'df',
  'diff', 'cmp', 'comm', 'sort', 'uniq', 'cut', 'tr', 'nl', 'column', 'jq', 'yq', 'bat', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum',
  'basename', 'dirname', 'realpath', 'readlink', 'pwd', 'echo', 'printf', 'true', 'false', 'test', '[', '[[', 'which', 'type', 'whereis',
  'whoami', 'id', 'uname', 'hostname', 'date', 'cal', 'uptime', 'nproc', 'free', 'ps', 'locale', 'tput', 'seq', 'sleep', 'cd', 'pushd', 'popd',
  'unset', 'local', 'read', 'xxd', 'hexdump', 'od', 'strings', 'awk', 'gawk', 'mawk', 'sed', 'man', 'help', 'history', 'jobs', 'wait', 'exit',
  'return', 'break', 'continue', 'shift', ':', 'paste', 'join', 'fold', 'fmt', 'rev', 'tac', 'expand', 'unexpand', 'expr', 'let', 'getconf',
  'lsof', 'pgrep', 'env', 'printenv', 'export', 'declare', 'typeset', 'set', 'git', 'npm', 'node', 'python', 'python3', 'tsc', 'xargs', 'timeout',
  'time', 'nice', 'nohup', 'command', 'builtin', 'stdbuf', 'ionice', 'setsid', 'exec',
]);
const GIT_READS = new Set(['status', 'log', 'diff', 'show', 'blame', 'rev-parse', 'rev-list', 'ls-files', 'ls-tree', 'cat-file', 'grep', 'describe', 'shortlog', 'reflog', 'merge-base', 'name-rev', 'whatchanged', 'count-objects', 'check-ignore', 'help', 'version', 'var', 'for-each-ref', 'show-ref', 'show-branch', 'cherry', 'range-diff', 'annotate']);
/** Wrappers whose command is a part of its own (graded there): the wrapper itself does nothing more. */
const WRAPPERS = new Set(['xargs', 'timeout', 'time', 'nice', 'nohup', 'command', 'builtin', 'stdbuf', 'ionice', 'setsid', 'exec', 'env']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);

export function gradeCommand(command: SimpleCommand, place: CommandPlace, runsOther: boolean): Risk {
  const marks = commandRisk(command, place);
  const words = wordsOf(command);
  const reasons: Array<[RiskGrade, string]> = marks.map((m) => [m.grade, m.text]);
  reasons.push(base(command, words, place, runsOther));
  return riskOf(reasons);
}

function base(command: SimpleCommand, words: CommandWords, place: CommandPlace, runsOther: boolean): [RiskGrade, string] {
  const { name } = words;
  const what = commandText(command);
  const short = what.length > 60 ? `${what.slice(0, 59)}…` : what;
  if (name === null) {
    if (command.argv.length === 0) return ['low', 'sets a shell variable'];
    return ['medium', `runs a command named only when it runs: ${short}`];
  }
  // `timeout 60 npm test`, `bash -c 'ls'`: the command it runs is graded on its own.
  if ((WRAPPERS.has(name) || SHELLS.has(name)) && runsOther) return ['low', `runs the command after it (${name})`];
  if (words.args.length > 0 && words.args.every((a) => !a.dynamic && /^(--version|-V|--help|-h|version)$/.test(a.text))) return ['low', `prints ${name}'s version or help`];
  if (!readsOnly(words)) return ['medium', `runs ${short}`];
  for (const w of pathOperands(words)) {
    if (w.dynamic) return ['medium', `reads a path known only when it runs: ${w.raw}`];
    const path = resolvePath(w.text, place.cwd, place.home);
    if (path.lexical === '/dev/null' || w.text === '-') continue;
    if (inside(place.project, path.real) === null) return ['medium', `reads outside the project: ${path.lexical}`];
  }
  return ['low', `reads inside the project (${name})`];
}

/** The command only reads files or prints (its paths are checked after). */
function readsOnly(words: CommandWords): boolean {
  const { name, short, long, operands } = words;
  if (name === null || !READERS.has(name)) return false;
  const sub = operands[0]?.text;
  switch (name) {
    case 'find':
      return !words.args.some((a) => /^-(exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)$/.test(a.text));
    case 'sed':
      return !short.has('i') && !long.has('in-place') && !/(^|[;{\s])w\s/.test(operands[0]?.text ?? '');
    case 'sort':
      return !short.has('o') && !long.has('output');
    case 'uniq':
      return operands.length <= 1;
    case 'yq':
      return !short.has('i') && !long.has('inplace');
    case 'date':
      return !short.has('s') && !long.has('set');
    case 'hostname':
      return operands.length === 0;
    case 'git':
      if (sub === 'branch') return operands.length === 1 && !/[dDmMcC]/.test([...short].join('')) && !long.has('delete') && !long.has('move') && !long.has('copy');
      if (sub === 'remote') return operands.length === 1 || operands[1]?.text === 'show' || operands[1]?.text === 'get-url';
      if (sub === 'tag') return operands.length === 1 && !short.has('d');
      if (sub === 'stash') return operands[1]?.text === 'list' || operands[1]?.text === 'show';
      if (sub === 'config') return long.has('get') || long.has('list') || short.has('l') || long.has('get-all') || long.has('show-origin');
      if (sub === 'worktree') return operands[1]?.text === 'list';
      return sub !== undefined && GIT_READS.has(sub);
    case 'npm':
      return sub === 'ls' || sub === 'list' || sub === 'root' || sub === 'prefix' || sub === 'bin';
    case 'node':
    case 'python':
    case 'python3':
    case 'tsc':
    case 'xargs':
    case 'timeout':
    case 'time':
    case 'nice':
    case 'nohup':
    case 'command':
    case 'builtin':
    case 'stdbuf':
    case 'ionice':
    case 'setsid':
    case 'exec':
      // Only as a wrapper (handled above) or with --version: anything else runs code.
      return name === 'command' && (short.has('v') || short.has('V'));
    default:
      return true;
  }
}

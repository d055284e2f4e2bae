// The words of one simple command as the risk grade reads them: its options (-rf → r, f; --force=x → force), its
// operands, and which operands name files — a grep's pattern, an awk program or echo's text do not.
import type { SimpleCommand } from '../../shell/parse-shell.js';
import type { ShellWord } from '../../shell/shell-word.js';
import { baseName } from '../request-parts.js';

export interface CommandWords {
  name: string | null;
  args: ShellWord[];
  short: Set<string>;
  long: Set<string>;
  /** Words that are not options (after `--` every word is one). */
  operands: ShellWord[];
  /** The value of an option given as --name=value or -x value, by name (first one). */
  value(...names: string[]): ShellWord | undefined;
}

/** Options of these take a value in the next word (so that word is no operand). */
const VALUED: Record<string, string[]> = {
  grep: ['-e', '-f', '-m', '-A', '-B', '-C', '--regexp', '--file', '--include', '--exclude', '--exclude-dir'],
  rg: ['-e', '-f', '-g', '-t', '-T', '-m', '-A', '-B', '-C', '--glob', '--type', '--regexp', '--max-count'],
  git: ['-C', '-c'],
  curl: ['-o', '-d', '-F', '-T', '-H', '-X', '-u', '-A', '-e', '-x', '--data', '--data-binary', '--data-raw', '--data-urlencode', '--form', '--upload-file', '--header', '--output', '--request', '--user', '--json'],
  wget: ['-O', '-P', '-o', '--post-file', '--body-file', '--post-data', '--header'],
  sed: ['-e', '-f'],
  awk: ['-f', '-v', '-F', '-e'],
  head: ['-n', '-c'],
  tail: ['-n', '-c'],
  sort: ['-o', '-k', '-t'],
  rsync: ['-e', '--rsh'],
  ssh: ['-o', '-i', '-p', '-l', '-F'],
};

export function wordsOf(command: SimpleCommand): CommandWords {
  const name = baseName(command.argv[0]);
  const args = command.argv.slice(1);
  const short = new Set<string>();
  const long = new Set<string>();
  const operands: ShellWord[] = [];
  const valued = VALUED[name ?? ''] ?? [];
  const values = new Map<string, ShellWord>();
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (ended || a.dynamic || !a.text.startsWith('-') || a.text === '-') {
      operands.push(a);
      continue;
    }
    if (a.text === '--') {
      ended = true;
      continue;
    }
    if (a.text.startsWith('--')) {
      const [key, ...rest] = a.text.slice(2).split('=');
      long.add(key!);
      if (rest.length > 0) values.set(`--${key}`, { ...a, text: rest.join('=') });
      else if (valued.includes(`--${key}`) && args[i + 1]) values.set(`--${key}`, args[++i]!);
      continue;
    }
    for (const c of a.text.slice(1)) short.add(c);
    if (valued.includes(a.text) && args[i + 1]) values.set(a.text, args[++i]!);
    else if (a.text.length > 2 && valued.includes(a.text.slice(0, 2))) values.set(a.text.slice(0, 2), { ...a, text: a.text.slice(2) });
  }
  return { name, args, short, long, operands, value: (...names) => names.map((n) => values.get(n)).find((v) => v !== undefined) };
}

/** Commands whose operands are no files (text, names, numbers), or whose first operand is a program or pattern. */
const NO_PATHS = new Set(['echo', 'printf', 'test', '[', '[[', 'true', 'false', 'seq', 'sleep', 'date', 'uname', 'whoami', 'id', 'hostname', 'nproc', 'which', 'type', 'whereis', 'command', 'man', 'help', 'export', 'unset', 'local', 'declare', 'readonly', 'alias', 'exit', 'return', 'kill', 'pkill', 'pgrep', 'ps', 'git', 'npm', 'pnpm', 'yarn', 'npx', 'expr', 'basename', 'dirname']);
const PROGRAM_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'sed', 'awk', 'gawk', 'mawk', 'jq', 'yq']);

/** The operands that name files or folders. */
export function pathOperands(words: CommandWords): ShellWord[] {
  const { name, operands } = words;
  if (name === null || NO_PATHS.has(name)) return [];
  if (PROGRAM_FIRST.has(name)) return words.value('-e', '-f', '--regexp', '--file') ? operands : operands.slice(1);
  if (name === 'find') {
    const end = words.args.findIndex((a) => !a.dynamic && (/^-[a-z]/.test(a.text) || a.text === '(' || a.text === '!'));
    return (end < 0 ? words.args : words.args.slice(0, end)).filter((a) => a.dynamic || !a.text.startsWith('-'));
  }
  return operands;
}

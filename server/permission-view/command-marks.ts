// What in one simple command deserves a second look, read from the shell parser's words (server/shell/, the same
// parse the permission policy matches rules on), never from the text: sudo, rm -r / -f, --force, a pipe into a
// shell, a write outside the project, a network fetch.
import { homedir } from 'node:os';
import type { CommandMark } from '../../shared/permission/view.js';
import type { SimpleCommand } from '../shell/parse-shell.js';
import type { ShellWord } from '../shell/shell-word.js';
import { inside, resolvePath } from '../policy/path-rule.js';
import { baseName } from '../policy/request-parts.js';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);
const ROOT = new Set(['sudo', 'doas', 'su', 'pkexec']);
const NETWORK = new Set(['curl', 'wget', 'nc', 'ncat', 'netcat', 'ssh', 'scp', 'sftp', 'rsync', 'ftp', 'telnet', 'http', 'https', 'xh', 'aria2c']);
/** Subcommands that fetch or send over the network, per program. */
const NETWORK_SUBCOMMANDS: Record<string, Set<string>> = {
  git: new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'remote']),
  npm: new Set(['install', 'i', 'add', 'ci', 'publish', 'update']),
  pnpm: new Set(['install', 'i', 'add', 'publish', 'update']),
  yarn: new Set(['install', 'add', 'publish']),
  pip: new Set(['install', 'download']),
  pip3: new Set(['install', 'download']),
};
/** Commands that write the files they are given: every argument, or only the last. */
const WRITERS: Record<string, 'all' | 'last'> = { tee: 'all', rm: 'all', touch: 'all', mkdir: 'all', rmdir: 'all', truncate: 'all', chmod: 'all', chown: 'all', cp: 'last', mv: 'last', ln: 'last', install: 'last' };
const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

export function commandMarks(command: SimpleCommand, cwd: string, project: string): CommandMark[] {
  const marks: CommandMark[] = [];
  const name = baseName(command.argv[0]);
  const args = command.argv.slice(1);
  const options = optionsOf(args);
  if (name && ROOT.has(name)) marks.push({ kind: 'sudo', text: `runs as root (${name})` });
  if (name === 'rm') {
    if (options.short.has('r') || options.short.has('R') || options.long.has('recursive')) marks.push({ kind: 'rm-recursive', text: 'deletes folders and all they hold (rm -r)' });
    if (options.short.has('f') || options.long.has('force')) marks.push({ kind: 'rm-force', text: 'deletes without asking (rm -f)' });
  } else if (options.long.has('force') || [...options.long].some((o) => o.startsWith('force-')) || (name === 'git' && args[0]?.text === 'push' && options.short.has('f'))) {
    marks.push({ kind: 'force', text: 'forced (--force)' });
  }
  if (name && SHELLS.has(name) && command.piped) marks.push({ kind: 'pipe-to-shell', text: `runs what comes through the pipe as a script (${name})` });
  else if (command.opaque) marks.push({ kind: 'opaque', text: 'runs code that cannot be read before it runs' });
  if (name && (NETWORK.has(name) || (args[0] && !args[0].dynamic && NETWORK_SUBCOMMANDS[name]?.has(args[0].text)))) marks.push({ kind: 'network', text: `uses the network (${name}${NETWORK.has(name) ? '' : ` ${args[0]!.text}`})` });
  for (const path of writtenPaths(command, name, args)) {
    if (path.dynamic) {
      marks.push({ kind: 'write-outside', text: `writes a file known only when it runs: ${path.raw}` });
      continue;
    }
    const resolved = resolvePath(path.text, cwd, homedir());
    if (DEVICES.has(resolved.lexical) || resolved.lexical.startsWith('/dev/fd/')) continue;
    if (inside(resolvePath(project, cwd, homedir()).real, resolved.real) === null) marks.push({ kind: 'write-outside', text: `writes outside the project: ${resolved.lexical}` });
  }
  return marks;
}

function writtenPaths(command: SimpleCommand, name: string | null, args: ShellWord[]): ShellWord[] {
  const paths = command.redirects.filter((r) => r.writes && r.target).map((r) => r.target!);
  const how = name ? WRITERS[name] : undefined;
  if (how) {
    const operands = args.filter((a, i) => !(a.text.startsWith('-') && !a.dynamic && !args.slice(0, i).some((b) => b.text === '--')) && a.text !== '--');
    paths.push(...(how === 'all' ? operands : operands.slice(-1)));
  }
  return paths;
}

/** Short option letters (-rf → r, f) and long option names (--force=x → force), up to `--`. */
function optionsOf(args: ShellWord[]): { short: Set<string>; long: Set<string> } {
  const short = new Set<string>();
  const long = new Set<string>();
  for (const a of args) {
    if (a.dynamic) continue;
    if (a.text === '--') break;
    if (a.text.startsWith('--')) long.add(a.text.slice(2).split('=')[0]!);
    else if (a.text.startsWith('-') && a.text.length > 1) for (const c of a.text.slice(1)) short.add(c);
  }
  return { short, long };
}

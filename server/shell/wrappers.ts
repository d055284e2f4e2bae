// Commands that run another command: a shell with -c, eval, env/sudo/nohup/timeout/xargs … and find -exec. The
// inner command is a part of the line of its own, so a rule must hold for it too (`env X=1 sh -c 'rm -rf ~'`).
import type { NestedVia } from './parse-shell.js';
import type { ShellWord } from './shell-word.js';

export type Unwrapped =
  | { kind: 'script'; script: string; via: NestedVia }
  | { kind: 'argv'; argv: ShellWord[]; assignments: ShellWord[]; via: NestedVia }
  | { kind: 'opaque' };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'busybox']);

/** Options that take a value, per wrapper (short letters and long names); every other option is a switch. */
const WRAPPERS: Record<string, { valued: string[]; firstIsArg?: boolean }> = {
  env: { valued: ['-u', '--unset', '-C', '--chdir'] },
  sudo: { valued: ['-u', '--user', '-g', '--group', '-h', '--host', '-p', '--prompt', '-C', '--close-from', '-D', '--chdir', '-r', '--role', '-t', '--type', '-T', '--command-timeout', '-U', '--other-user'] },
  doas: { valued: ['-u', '-C'] },
  nohup: { valued: [] },
  time: { valued: ['-f', '--format', '-o', '--output'] },
  exec: { valued: ['-a'] },
  command: { valued: [] },
  builtin: { valued: [] },
  nice: { valued: ['-n', '--adjustment'] },
  ionice: { valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  setsid: { valued: [] },
  stdbuf: { valued: ['-i', '--input', '-o', '--output', '-e', '--error'] },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], firstIsArg: true },
  xargs: { valued: ['-a', '--arg-file', '-d', '--delimiter', '-E', '-e', '--eof', '-I', '-i', '--replace', '-L', '-l', '--max-lines', '-n', '--max-args', '-P', '--max-procs', '-s', '--max-chars', '--process-slot-var'] },
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function baseName(word: ShellWord | undefined): string | null {
  if (!word || word.dynamic) return null;
  return word.text.slice(word.text.lastIndexOf('/') + 1);
}

/** What `argv` runs in its turn, or null when it runs nothing else gatehouse can see. */
export function unwrapCommand(argv: ShellWord[], piped: boolean): Unwrapped | null {
  let name = baseName(argv[0]);
  if (name === null) return null;
  let args = argv.slice(1);
  if (name === 'busybox' && args[0] && SHELLS.has(baseName(args[0]) ?? '')) {
    name = baseName(args[0])!;
    args = args.slice(1);
  }
  if (SHELLS.has(name) && name !== 'busybox') return shellScript(args, piped);
  if (name === 'eval') {
    if (args.length === 0) return null;
    if (args.some((a) => a.dynamic)) return { kind: 'opaque' };
    return { kind: 'script', script: args.map((a) => a.text).join(' '), via: 'eval' };
  }
  if (name === 'find') return findExec(args);
  // `… | source /dev/stdin`, `source <(curl …)`: the script is whatever comes in.
  if (name === 'source' || name === '.') {
    const file = args[0];
    if (!file || file.dynamic || /^\/dev\/(stdin|fd\/\d+)$|^\/proc\/self\/fd\//.test(file.text) || (piped && file.text === '-')) return { kind: 'opaque' };
    return null;
  }
  const wrapper = WRAPPERS[name];
  if (!wrapper) return null;
  let i = 0;
  const assignments: ShellWord[] = [];
  while (i < args.length) {
    const a = args[i]!;
    if (a.dynamic) return { kind: 'opaque' };
    if (a.text === '--') {
      i++;
      break;
    }
    if (name === 'env' && (a.text === '-S' || a.text.startsWith('--split-string') || /^-[^-]*S/.test(a.text))) return { kind: 'opaque' };
    if (a.text.startsWith('-') && a.text.length > 1) {
      const [flag] = a.text.split('=', 1);
      const takesValue = wrapper.valued.includes(flag!) && !a.text.includes('=');
      // -n5 (value attached) takes no next word; -n 5 does.
      i += takesValue && (flag!.startsWith('--') || a.text.length === 2) ? 2 : 1;
      continue;
    }
    if (name === 'env' && ASSIGNMENT.test(a.text)) {
      assignments.push(a);
      i++;
      continue;
    }
    break;
  }
  if (wrapper.firstIsArg) i++;
  const inner = args.slice(i);
  if (inner.length === 0) return null;
  return { kind: 'argv', argv: inner, assignments, via: 'wrapper' };
}

/** sh/bash/… : `-c SCRIPT` runs SCRIPT; no script file while reading a pipe runs what comes down the pipe. */
function shellScript(args: ShellWord[], piped: boolean): Unwrapped | null {
  let command = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return { kind: 'opaque' };
    if (a.text === '--' || a.text === '-') {
      i++;
      break;
    }
    if (/^[-+]o$/.test(a.text) || a.text === '--rcfile' || a.text === '--init-file') {
      i++;
      continue;
    }
    if (a.text.startsWith('--')) continue;
    if (/^[-+][A-Za-z]+$/.test(a.text)) {
      if (a.text.startsWith('-') && a.text.includes('c')) command = true;
      if (a.text.startsWith('-') && a.text.includes('s')) return piped ? { kind: 'opaque' } : null;
      continue;
    }
    break;
  }
  const first = args[i];
  if (command) {
    if (!first || first.dynamic) return { kind: 'opaque' };
    return { kind: 'script', script: first.text, via: 'shell -c' };
  }
  // `curl … | sh`: the script is whatever the pipe brings.
  if (!first) return piped ? { kind: 'opaque' } : null;
  return null;
}

function findExec(args: ShellWord[]): Unwrapped | null {
  const at = args.findIndex((a) => !a.dynamic && ['-exec', '-execdir', '-ok', '-okdir'].includes(a.text));
  if (at < 0) return null;
  const rest = args.slice(at + 1);
  const end = rest.findIndex((a) => a.text === ';' || a.text === '+');
  const inner = end < 0 ? rest : rest.slice(0, end);
  if (inner.length === 0) return null;
  return { kind: 'argv', argv: inner, assignments: [], via: 'find -exec' };
}

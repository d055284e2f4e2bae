// Code the shell parse cannot see into: an interpreter given its program as text (python -c, node -e, perl -e),
// or on its standard input (curl … | python, python - <<EOF), eval, find -exec sh, awk's system(), sed's e,
// editors' shell escapes (vim -c '!…', emacs --eval) and options that name a command another program runs
// (git -c core.pager=…, ssh -o ProxyCommand=…, tar --to-command). Each is a mark graded high.
import type { SimpleCommand } from '../../shell/parse-shell.js';
import type { CommandWords } from './command-words.js';

const INTERPRETERS: Record<string, string[]> = {
  python: ['c'], node: ['e', 'p', 'eval', 'print'], nodejs: ['e', 'p', 'eval', 'print'], bun: ['e', 'eval', 'print'], deno: [],
  perl: ['e', 'E'], ruby: ['e'], php: ['r'], lua: ['e'], luajit: ['e'], rscript: ['e'], osascript: ['e'], pwsh: ['c', 'command', 'encodedcommand'],
  powershell: ['c', 'command', 'encodedcommand'], tclsh: [], groovy: ['e'], julia: ['e', 'E'], jshell: [], irb: [], ghci: ['e'],
};
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'busybox']);
const EDITORS = new Set(['vi', 'vim', 'nvim', 'ex', 'view', 'gvim', 'rvim', 'vimdiff']);
const STDIN_OPS = new Set(['<<', '<<-', '<<<']);

/** The interpreter `name` stands for (python3.12 → python), or null. */
function interpreter(name: string): string | null {
  const base = name.toLowerCase().replace(/[\d.]+$/, '').replace(/-?$/, '');
  return base in INTERPRETERS ? base : null;
}

/** How `command` runs code the parse cannot read, in words, or null. */
export function inlineCode(command: SimpleCommand, words: CommandWords): string | null {
  const { name, short, long, operands } = words;
  if (name === null) return null;
  if (name === 'eval') return 'runs text as code (eval)';
  // `bash <<EOF … EOF`, `sh <<< '…'`: the script is the text of a here-document, which the parse does not read as commands.
  if (SHELLS.has(name) && operands.length === 0 && command.redirects.some((r) => STDIN_OPS.has(r.op))) return `runs the script given on its standard input (${name} <<)`;
  const lang = interpreter(name);
  if (lang) {
    const flags = INTERPRETERS[lang]!;
    const given = [...short].find((c) => flags.includes(c)) ?? [...long].find((l) => flags.includes(l.toLowerCase()));
    if (lang === 'deno' && operands[0]?.text === 'eval') return 'runs code given as text (deno eval)';
    if (given) return `runs code given as text (${name} ${given.length === 1 ? '-' : '--'}${given})`;
    if (operands[0]?.dynamic && !short.has('m')) return `runs a script known only when it runs (${name} ${operands[0].raw})`;
    const reads = command.piped || command.redirects.some((r) => STDIN_OPS.has(r.op)) || operands[0]?.text === '-';
    if (reads && !(lang === 'python' && short.has('m')) && (operands.length === 0 || operands[0]?.text === '-')) return `runs code given on its standard input (${name})`;
    return null;
  }
  if (name === 'find') {
    const at = words.args.findIndex((a) => ['-exec', '-execdir', '-ok', '-okdir'].includes(a.text));
    const run = at >= 0 ? words.args[at + 1] : undefined;
    if (run && (SHELLS.has(run.text.slice(run.text.lastIndexOf('/') + 1)) || interpreter(run.text.slice(run.text.lastIndexOf('/') + 1)))) return `runs a shell for every file it finds (find -exec ${run.text})`;
    return null;
  }
  if (name === 'awk' || name === 'gawk' || name === 'mawk' || name === 'nawk') {
    const program = words.value('-e', '--source')?.text ?? operands[0]?.text ?? '';
    return /system\s*\(|\|\s*getline|\|&|print[^;}]*\|\s*"|>\s*"/.test(program) ? `runs commands from its program (${name} system())` : null;
  }
  if (name === 'sed') {
    const programs = [words.value('-e', '--expression')?.text, operands[0]?.text].filter((p): p is string => p !== undefined);
    return programs.some((p) => /(^|[;\n{])\s*\d*e(\s|;|$)|s(.)(?:(?!\2).)*\2(?:(?!\2).)*\2[gpiIm0-9]*e/.test(p)) ? 'runs commands from its program (sed e)' : null;
  }
  if (EDITORS.has(name)) {
    const commands = words.args.filter((a, i) => a.text.startsWith('+') || ['-c', '--cmd', '-S'].includes(words.args[i - 1]?.text ?? ''));
    return commands.some((c) => /!|system\s*\(|:sh|:term|py(thon)?3?\s|lua\s|perl\s/.test(c.text)) || short.has('S') ? `runs commands from the editor (${name} -c)` : null;
  }
  if ((name === 'emacs' || name === 'emacsclient') && (long.has('eval') || long.has('load') || short.has('l') || words.args.some((a) => a.text === '-eval' || a.text === '-f'))) return `runs Lisp given on the command line (${name} --eval)`;
  if (name === 'git' && words.args.some((a, i) => words.args[i - 1]?.text === '-c' && /^(core\.(pager|editor|sshcommand|fsmonitor|hookspath)|alias\.[^=]+=!|diff\.external|credential\.helper|.*\.(command|textconv|process|clean|smudge)=)/i.test(a.text))) return 'makes git run a command it names (git -c …)';
  if ((name === 'ssh' || name === 'scp' || name === 'sftp') && words.args.some((a) => /(ProxyCommand|LocalCommand|PermitLocalCommand)=/i.test(a.text) || /^-oProxyCommand/i.test(a.text))) return `runs a local command through ${name} (-o ProxyCommand)`;
  if ((name === 'tar' || name === 'gtar') && (long.has('to-command') || long.has('use-compress-program') || long.has('checkpoint-action') || long.has('rsh-command') || short.has('I'))) return 'runs a command it names (tar --to-command)';
  if (name === 'zip' && (words.args.some((a) => a.text === '-TT') || long.has('unzip-command'))) return 'runs a command it names (zip -TT)';
  if ((name === 'rsync' && words.value('-e', '--rsh') && /[;|&`$]|sh\s+-c/.test(words.value('-e', '--rsh')!.text))) return 'runs a command it names (rsync -e)';
  return null;
}

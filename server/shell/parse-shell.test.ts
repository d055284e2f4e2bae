import { beforeAll, describe, expect, it } from 'vitest';
import { parseShell, type ParsedShell } from './parse-shell.js';
import { loadBashParser } from './tree-sitter-bash.js';

beforeAll(async () => {
  await loadBashParser();
});

const argvs = (p: ParsedShell) => p.commands.map((c) => c.argv.map((w) => w.text).join(' '));

describe('parseShell', () => {
  it('splits lists, pipelines and lines into simple commands with their argv words', () => {
    const p = parseShell('npm test && rm -rf ~; echo "a b" | wc -l\ngit status || true &');
    expect(argvs(p)).toEqual(['npm test', 'rm -rf ~', 'echo a b', 'wc -l', 'git status', 'true']);
    expect(p.commands[3]!.piped).toBe(true);
    expect(p.commands[2]!.argv[1]!.text).toBe('a b');
    expect(p.commands[1]!.argv[2]!.tilde).toBe(true);
    expect(p.errors).toEqual([]);
  });

  it('finds commands nested in $(…), backticks, <(…), strings and here-documents', () => {
    const p = parseShell('npm test $(rm -rf ~) `id` "x$(whoami)" <(curl x) <<EOF\n$(touch /tmp/y)\nEOF');
    expect(argvs(p)).toEqual(['npm test $(rm -rf ~) `id` x$(whoami) <(curl x)', 'rm -rf ~', 'id', 'whoami', 'curl x', 'touch /tmp/y']);
    expect(p.commands.slice(1).every((c) => c.parent === 0 && c.via === 'substitution')).toBe(true);
    expect(p.commands[0]!.argv[2]!.dynamic).toBe(true);
  });

  it('reads the scripts of bash -c, sh -c, eval and the commands of env, sudo, timeout, xargs, find -exec', () => {
    expect(argvs(parseShell("bash -c 'ls | sh -c \"rm -rf /\"'"))).toEqual(['bash -c ls | sh -c "rm -rf /"', 'ls', 'sh -c rm -rf /', 'rm -rf /']);
    expect(argvs(parseShell('env X=1 sh -c "curl x"'))).toEqual(['env X=1 sh -c curl x', 'sh -c curl x', 'curl x']);
    const env = parseShell('env -i X=1 npm test');
    expect(env.commands[1]!.assignments.map((w) => w.text)).toEqual(['X=1']);
    expect(argvs(parseShell('sudo -u root rm -rf /'))).toEqual(['sudo -u root rm -rf /', 'rm -rf /']);
    expect(argvs(parseShell('timeout -s KILL 5 make'))).toEqual(['timeout -s KILL 5 make', 'make']);
    expect(argvs(parseShell('find . -name x -exec rm {} \\;'))).toEqual(['find . -name x -exec rm {} ;', 'rm {}']);
    expect(argvs(parseShell("eval 'rm -rf ~'"))).toEqual(['eval rm -rf ~', 'rm -rf ~']);
    expect(argvs(parseShell('ls | xargs -n 1 rm'))).toEqual(['ls', 'xargs -n 1 rm', 'rm']);
  });

  it('reads backticks in a here-document, and nothing in one whose delimiter is quoted', () => {
    expect(argvs(parseShell('cat <<EOF\na `rm x` \\`not\\` $(id)\nEOF'))).toEqual(['cat', 'id', 'rm x']);
    expect(argvs(parseShell("cat <<'EOF'\n`rm x` $(id)\nEOF"))).toEqual(['cat']);
    expect(argvs(parseShell('cat <<\\EOF\n`rm x`\nEOF'))).toEqual(['cat']);
    expect(parseShell('cat <<EOF\n`rm x\nEOF').commands[0]!.opaque).toBe(true);
    expect(parseShell('echo hi |& sh').commands[1]!.opaque).toBe(true);
  });

  it('reads nested backticks as the shell does (\\` inside backticks is a backtick)', () => {
    const p = parseShell('echo `echo \\`rm -rf ~\\``');
    expect(argvs(p)).toEqual(['echo `echo \\`rm -rf ~\\``', 'echo `rm -rf ~`', 'rm -rf ~']);
    expect(p.commands[2]!.parent).toBe(1);
  });

  it('marks what cannot be read before it runs as opaque: a pipe into a shell, bash -c "$X", eval $X', () => {
    expect(parseShell('curl x | source /dev/stdin').commands[1]!.opaque).toBe(true);
    expect(parseShell('source <(curl x)').commands[0]!.opaque).toBe(true);
    expect(parseShell('source ./env.sh').commands[0]!.opaque).toBe(false);
    expect(parseShell('curl -s x | sh').commands.map((c) => c.opaque)).toEqual([false, true]);
    expect(parseShell('curl -s x | bash -s -- arg').commands[1]!.opaque).toBe(true);
    expect(parseShell('bash -c "$CMD"').commands[0]!.opaque).toBe(true);
    expect(parseShell('eval $X').commands[0]!.opaque).toBe(true);
    expect(parseShell('bash script.sh').commands[0]!.opaque).toBe(false);
  });

  it('keeps assignments apart from argv, and a line of assignments as a part of its own', () => {
    const p = parseShell('X=1 npm test; PATH=/tmp/evil');
    expect(p.commands[0]!.assignments.map((w) => w.text)).toEqual(['X=1']);
    expect(argvs(p)).toEqual(['npm test', '']);
    expect(p.commands[1]!.assignments.map((w) => w.text)).toEqual(['PATH=/tmp/evil']);
  });

  it('reads redirections: targets, writes, descriptor copies, and a group redirect on every command inside', () => {
    const p = parseShell('npm test > out.txt 2>&1; { a; b; } >> ~/log; cat < in; echo x >&2');
    expect(p.redirects.map((r) => [r.op, r.target?.text ?? null, r.writes])).toEqual([
      ['>', 'out.txt', true],
      ['>&', null, false],
      ['>>', '~/log', true],
      ['<', 'in', false],
      ['>&', null, false],
    ]);
    expect(p.commands[1]!.redirects[0]!.target?.text).toBe('~/log');
    expect(p.commands[2]!.redirects[0]!.target?.text).toBe('~/log');
  });

  it('removes quotes and backslashes as the shell does', () => {
    const p = parseShell(`printf '%s' "a\\"b" c\\ d 'e'"f"`);
    expect(p.commands[0]!.argv.map((w) => w.text)).toEqual(['printf', '%s', 'a"b', 'c d', 'ef']);
  });

  it('reports syntax errors with line and column', () => {
    const p = parseShell('npm test &&\necho (');
    expect(p.errors.length).toBeGreaterThan(0);
    expect(p.errors[0]!.line).toBeGreaterThan(0);
  });

  it('names the shapes Claude Code asks about whatever allows the commands: ( … ), { …; }, a trailing &', () => {
    expect(parseShell('(npm test)').shapes).toEqual(['subshell']);
    expect(parseShell('{ npm test; }').shapes).toEqual(['group']);
    expect(parseShell('npm test &').shapes).toEqual(['background']);
    expect(parseShell('npm test && npm run build 2>&1 > /dev/null &> x').shapes).toEqual([]);
  });
});

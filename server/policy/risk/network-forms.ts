// The network: a fetch (curl, wget, git clone, npm install …) is worth a look; a file or a shell sent to another
// machine (an upload, nc, scp, ssh, a redirect to /dev/tcp) is an exfiltration shape, graded high.
import type { SimpleCommand } from '../../shell/parse-shell.js';
import type { CommandWords } from './command-words.js';

const NETWORK = new Set(['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'rsync', 'ftp', 'telnet', 'http', 'https', 'xh', 'aria2c']);
/** Subcommands that fetch or send over the network, per program. */
const NETWORK_SUBCOMMANDS: Record<string, Set<string>> = {
  git: new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'remote']),
  npm: new Set(['install', 'i', 'add', 'ci', 'publish', 'update']),
  pnpm: new Set(['install', 'i', 'add', 'publish', 'update']),
  yarn: new Set(['install', 'add', 'publish']),
  pip: new Set(['install', 'download']),
  pip3: new Set(['install', 'download']),
};
const RAW = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet']);
const UPLOAD_FLAGS = ['-T', '--upload-file', '-F', '--form'];
const DATA_FLAGS = ['-d', '--data', '--data-binary', '--data-urlencode', '--json'];

/** "uses the network (curl)" when it does, else null. */
export function networkUse(words: CommandWords): string | null {
  const { name, args } = words;
  if (name === null) return null;
  if (NETWORK.has(name)) return `uses the network (${name})`;
  const sub = args[0];
  if (sub && !sub.dynamic && NETWORK_SUBCOMMANDS[name]?.has(sub.text)) return `uses the network (${name} ${sub.text})`;
  return null;
}

/** How `command` sends data or a shell to another machine, in words, or null. */
export function exfiltration(command: SimpleCommand, words: CommandWords): string | null {
  const { name, operands, long } = words;
  if (command.redirects.some((r) => r.target && /^\/dev\/(tcp|udp)\//.test(r.target.text))) return 'opens a network connection through /dev/tcp';
  if (name === null) return null;
  if (RAW.has(name)) return `opens a raw network connection (${name})`;
  if (name === 'scp' || name === 'sftp' || name === 'ftp') return `copies files to or from another machine (${name})`;
  if (name === 'ssh') return 'runs commands on another machine (ssh)';
  if (name === 'rsync' && operands.some((o) => !o.dynamic && (/^[^/]*:/.test(o.text) || o.text.startsWith('rsync://')))) return 'copies files to or from another machine (rsync)';
  if (name === 'curl') {
    if (UPLOAD_FLAGS.some((f) => words.args.some((a) => a.text === f || a.text.startsWith(`${f}=`)))) return `uploads a file (curl ${UPLOAD_FLAGS.find((f) => words.args.some((a) => a.text === f || a.text.startsWith(`${f}=`)))})`;
    const data = words.args.some((a, i) => (DATA_FLAGS.includes(words.args[i - 1]?.text ?? '') && /(^|=)@/.test(a.text)) || /^(-d|--data[\w-]*=|--json=)@/.test(a.text));
    if (data) return 'uploads a file (curl -d @file)';
  }
  if ((name === 'wget' && (long.has('post-file') || long.has('body-file'))) || ((name === 'http' || name === 'https' || name === 'xh') && operands.some((o) => /^[\w-]*=?@/.test(o.text) && !o.text.startsWith('@')))) return `uploads a file (${name})`;
  return null;
}

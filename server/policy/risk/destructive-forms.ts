// Commands whose usual forms destroy what cannot be got back: work not yet committed (git reset --hard, git clean
// -f, git checkout -- …), a remote's history (git push --force), disks and file systems (dd, mkfs), whole trees
// (chmod -R, find -delete), databases, containers and cloud resources. Each is a mark graded high.
import type { CommandWords } from './command-words.js';

const DISK = new Set(['dd', 'mkfs', 'mke2fs', 'mkswap', 'wipefs', 'fdisk', 'sfdisk', 'gdisk', 'parted', 'shred', 'blkdiscard', 'mkntfs', 'mkdosfs']);
const POWER = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);
const SQL = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'sqlcmd', 'clickhouse-client', 'cockroach', 'duckdb']);
const CLOUD = new Set(['aws', 'gcloud', 'az', 'doctl', 'flyctl', 'heroku', 'vercel', 'netlify']);
/** Removing a dependency is everyday work (medium), not a destruction. */
const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'pip', 'pip3', 'pipx', 'poetry', 'uv', 'conda', 'cargo', 'go', 'gem', 'bundle', 'composer', 'brew', 'apt', 'apt-get', 'dnf', 'yum', 'pacman', 'rm', 'git', 'docker', 'podman']);
/** Commands whose words name other commands or text, never a service's verb. */
const NOT_A_SERVICE = new Set(['echo', 'printf', 'which', 'type', 'whereis', 'man', 'hash', 'help', 'command', 'builtin', 'find', 'xargs', 'sudo', 'doas', 'env', 'time', 'timeout', 'nice', 'nohup', 'exec', 'test', 'alias', 'unalias', 'info', 'apropos', 'whatis', 'grep', 'rg', 'git', 'tldr']);
/** A verb a service's CLI uses for deleting or revoking what it manages (vault kv delete, op item delete, mc rm). */
const DELETE_VERB = /^(delete|destroy|purge|drop|revoke|terminate|rb|rm|remove|wipe|flushall|flushdb|prune|disable|unpublish)$/i;

/** The destructive form `words` has, in words, or null. */
export function destructiveForm(words: CommandWords): string | null {
  const { name, short, long, operands } = words;
  if (name === null) return null;
  const op = operands.map((w) => w.text);
  const sub = op[0];
  if (name === 'git') return gitForm(words);
  if (DISK.has(name) || name.startsWith('mkfs.')) return `writes a disk or file system directly (${name})`;
  if (POWER.has(name) || (name === 'systemctl' && /^(poweroff|reboot|halt|kexec)$/.test(sub ?? ''))) return `stops the machine (${name})`;
  if ((name === 'chmod' || name === 'chown' || name === 'chgrp') && (short.has('R') || long.has('recursive'))) return `changes a whole tree's permissions (${name} -R)`;
  if (name === 'find' && words.args.some((a) => a.text === '-delete')) return 'deletes every file it finds (find -delete)';
  if (name === 'crontab' && short.has('r')) return 'removes every scheduled job (crontab -r)';
  if ((name === 'docker' || name === 'podman') && dockerForm(op, short, long)) return `removes containers, images or volumes (${name} ${op.slice(0, 2).join(' ')})`;
  if (name === 'kubectl' && /^(delete|drain|replace)$/.test(sub ?? '')) return `deletes cluster resources (kubectl ${sub})`;
  if (name === 'helm' && /^(uninstall|delete)$/.test(sub ?? '')) return `removes a release (helm ${sub})`;
  if ((name === 'terraform' || name === 'tofu' || name === 'pulumi') && (sub === 'destroy' || (sub === 'apply' && (long.has('auto-approve') || long.has('yes'))))) return `changes infrastructure without a review (${name} ${sub})`;
  if (CLOUD.has(name) && op.some((o) => /^(delete|terminate|destroy|remove|rm|rb|purge)(-|$)/.test(o))) return `deletes cloud resources (${name} ${op.slice(0, 3).join(' ')})`;
  if (SQL.has(name) && words.args.some((a) => /\b(drop\s+(table|database|schema)|truncate\s+table)\b|\bdelete\s+from\s+\w+\s*(;|$)/i.test(a.text))) return `deletes database data (${name})`;
  if (name === 'redis-cli' && op.some((o) => /^flush(all|db)$/i.test(o))) return 'deletes every key (redis-cli flushall)';
  if (name === 'rsync' && [...long].some((l) => l === 'del' || l.startsWith('delete') || l === 'remove-source-files')) return 'deletes files the source does not have (rsync --delete)';
  const verb = PACKAGE_MANAGERS.has(name) || NOT_A_SERVICE.has(name) ? undefined : op.slice(0, 3).find((o) => DELETE_VERB.test(o));
  if (verb) return `deletes or revokes what it manages (${name} ${op.slice(0, op.indexOf(verb) + 1).join(' ')})`;
  if ((name === 'npm' || name === 'cargo') && (sub === 'unpublish' || sub === 'yank')) return `withdraws a published package (${name} ${sub})`;
  return null;
}

function gitForm(words: CommandWords): string | null {
  const { short, long, operands } = words;
  const op = operands.map((w) => w.text);
  const [sub, ...rest] = op;
  switch (sub) {
    case 'reset':
      return long.has('hard') || long.has('merge') ? 'discards uncommitted work (git reset --hard)' : null;
    case 'clean':
      return (short.has('f') || long.has('force')) && !short.has('n') && !long.has('dry-run') ? 'deletes untracked files (git clean -f)' : null;
    case 'checkout':
      // `git checkout -- file`, `git checkout .`, `git checkout HEAD -- src`: the files' uncommitted changes go.
      return words.args.some((a) => a.text === '--') || rest.includes('.') || short.has('f') || long.has('force') ? 'discards uncommitted changes (git checkout -- …)' : null;
    case 'restore':
      return (!short.has('S') && !long.has('staged')) || short.has('W') || long.has('worktree') ? 'discards uncommitted changes (git restore)' : null;
    case 'stash':
      return rest[0] === 'drop' || rest[0] === 'clear' ? `deletes stashed work (git stash ${rest[0]})` : null;
    case 'branch':
      return short.has('D') || (short.has('d') && (short.has('f') || long.has('force'))) ? 'deletes a branch that may not be merged (git branch -D)' : null;
    case 'push':
      if (long.has('force') || short.has('f') || rest.some((r) => r.startsWith('+'))) return "rewrites the remote's history (git push --force)";
      if (long.has('delete') || short.has('d') || long.has('mirror') || long.has('prune') || rest.some((r) => r.startsWith(':'))) return 'deletes on the remote (git push --delete)';
      return null;
    case 'filter-branch':
    case 'filter-repo':
      return `rewrites the repository's history (git ${sub})`;
    case 'reflog':
      return rest[0] === 'expire' || rest[0] === 'delete' ? 'deletes the record that recovers lost commits (git reflog expire)' : null;
    case 'update-ref':
      return short.has('d') ? 'deletes a ref (git update-ref -d)' : null;
    default:
      return null;
  }
}

function dockerForm(op: string[], short: Set<string>, long: Set<string>): boolean {
  const [a, b] = op;
  if ((a === 'system' || a === 'volume' || a === 'image' || a === 'container' || a === 'network' || a === 'builder') && (b === 'prune' || b === 'rm')) return true;
  if ((a === 'rm' || a === 'rmi') && (short.has('f') || long.has('force'))) return true;
  return a === 'volume' && b === 'remove';
}

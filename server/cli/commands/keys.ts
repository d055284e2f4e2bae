import { ensureHub } from '../../hub-client/ensure-hub.js';
import type { AgentKeyView } from '../../pairing/agent-keys.js';
import type { CliCommand } from '../command.js';

export const keysCommand: CliCommand = {
  name: 'keys',
  summary: 'list the agent keys of paired machines, or revoke one at once (keys revoke NAME)',
  help: `Usage: gatehouse keys [--json]
       gatehouse keys revoke NAME

Lists the agent keys \`gatehouse pair\` made: name, state (live, expired, revoked), when made, when it expires,
when it was last used and from which address. \`revoke NAME\` revokes a key at once: the next call of that
machine gets 401 with a message naming the key and how to pair again. Pending gates it started stay for the person.

Options:
      --json   print the list as JSON`,
  allowPositionals: true,
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const [action, name, ...extra] = args.positionals;
    if (action !== undefined && action !== 'revoke') {
      io.stderr.write(`gatehouse keys: unknown action ${JSON.stringify(action)} (only "revoke NAME"; without one, the keys are listed)\n`);
      return 2;
    }
    if (action === 'revoke' && (!name || extra.length)) {
      io.stderr.write('gatehouse keys revoke: give exactly one key name (gatehouse keys lists them)\n');
      return 2;
    }
    const hub = await ensureHub();
    if (action === 'revoke') {
      const { agent_key } = await hub.request<{ agent_key: AgentKeyView }>('POST', `/api/agent-keys/${encodeURIComponent(name!)}/revoke`);
      io.stdout.write(`gatehouse keys: agent key "${agent_key.name}" is revoked (since ${agent_key.revoked_at}); its next call gets 401\n`);
      return 0;
    }
    const { keys } = await hub.request<{ keys: AgentKeyView[] }>('GET', '/api/agent-keys');
    if (args.values.json === true) {
      io.stdout.write(`${JSON.stringify(keys, null, 2)}\n`);
      return 0;
    }
    if (!keys.length) {
      io.stdout.write('no agent keys (gatehouse pair makes one)\n');
      return 0;
    }
    const rows = keys.map((k) => [k.name, k.state, k.created_at, k.expires_at ?? 'never', k.last_used_at ?? 'never', k.last_used_from ?? '–']);
    const head = ['NAME', 'STATE', 'CREATED', 'EXPIRES', 'LAST USED', 'FROM'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const row of [head, ...rows]) io.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()}\n`);
    return 0;
  },
};

import { randomBytes } from 'node:crypto';
import { ensureHub } from '../../hub-client/ensure-hub.js';
import { parseDuration } from '../../pairing/duration.js';
import { connectLine, sshLines, type PairAnswer } from '../../pairing/pair-lines.js';
import type { CliCommand } from '../command.js';

const SSH_HOST = /^[\w.@:[\]-]+$/;

export const pairCommand: CliCommand = {
  name: 'pair',
  summary: "let another machine's agents use this hub: make an agent key and print its connect string",
  help: `Usage: gatehouse pair [--name NAME] [--expires 30d] [--ssh HOST] [--address HOST] [--json]

Makes an agent key for another machine (a dev box, a container, a cloud VM, a CI runner) and prints one line,
its connect string: the hub's address, the key and, when the hub serves TLS, its certificate's fingerprint. On
the other machine run \`gatehouse connect <string>\` (or set GATEHOUSE_HUB to it); its \`gatehouse mcp\`,
\`gatehouse hook\` and \`gatehouse ask\` then ask through this hub, and never start one of their own.

The key is shown once and kept hashed. It may start gates, poll and cancel its own, and send permission
requests from hooks — nothing else (no other gate, no answer, no portal, history, settings, tasks, terminals,
no pairing). The hub's own credential never leaves this machine. \`gatehouse keys\` lists keys,
\`gatehouse keys revoke NAME\` revokes one at once.

The hub listens on 127.0.0.1 unless GATEHOUSE_HOST says otherwise; then it serves TLS (see README "Agents on other
machines"). Without that, use --ssh: the remote reaches the hub through an ssh tunnel on its own loopback.

Options:
      --name NAME       the machine's name, shown with its gates ("claude-code · api-server · NAME")
      --expires D       the key expires after D: a whole number and s, m, h or d (e.g. 30d); default never
      --ssh HOST        print the exact \`ssh -R\` line for HOST and the \`gatehouse connect\` to run there
      --address HOST    the name or address the other machine reaches this one by (in the connect string)
      --json            print the key, its record and the connect string as JSON`,
  options: { name: { type: 'string' }, expires: { type: 'string' }, ssh: { type: 'string' }, address: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const { name, expires, ssh, address } = args.values as Record<string, string | undefined>;
    try {
      if (expires !== undefined) parseDuration(expires, '--expires');
      if (ssh !== undefined && !SSH_HOST.test(ssh)) throw new Error(`--ssh: expected an ssh destination like devbox or ann@10.0.0.5, got ${JSON.stringify(ssh)}`);
      if (address !== undefined && !/^[\w.:[\]-]+$/.test(address)) throw new Error(`--address: expected a host name or address, got ${JSON.stringify(address)}`);
    } catch (err) {
      io.stderr.write(`gatehouse pair: ${(err as Error).message}\n`);
      return 2;
    }
    const keyName = name ?? (ssh ? ssh.replace(/^.*@/, '').replace(/[^\w.-]/g, '-') : `machine-${randomBytes(3).toString('hex')}`);
    const hub = await ensureHub();
    const made = await hub.request<PairAnswer>('POST', '/api/agent-keys', { name: keyName, expires: expires ?? null });
    const line = connectLine(made, address);
    if (args.values.json === true) {
      io.stdout.write(`${JSON.stringify({ ...made, connect: line }, null, 2)}\n`);
      return 0;
    }
    const until = made.agent_key.expires_at ? `, expires ${made.agent_key.expires_at}` : '';
    const next = ssh ? 'run the lines below' : "on the other machine run: gatehouse connect '<the line below>'";
    io.stderr.write(`gatehouse pair: agent key "${made.agent_key.name}" made${until}. Shown once; ${next}\n`);
    io.stdout.write(`${ssh ? sshLines(made, ssh).join('\n') : line}\n`);
    return 0;
  },
};

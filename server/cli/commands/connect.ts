import { dataDir } from '../../config/data-paths.js';
import { parseConnectString } from '../../pairing/connect-string.js';
import { forgetRemoteHub, saveRemoteHub } from '../../pairing/remote-hub.js';
import { remoteClient, remoteProblem } from '../../hub-client/remote-client.js';
import type { CliCommand } from '../command.js';

export const connectCommand: CliCommand = {
  name: 'connect',
  summary: "on another machine: use the person's hub (the connect string `gatehouse pair` printed)",
  help: `Usage: gatehouse connect <connect string>
       gatehouse connect --forget

Saves the connect string \`gatehouse pair\` printed on the person's machine in this machine's data directory
(remote-hub.json, 0600), then checks that the hub answers to its key. From then on \`gatehouse mcp\`, \`gatehouse hook\`
and \`gatehouse ask\` here ask through that hub and never start one of their own; \`gatehouse status\` says which
hub is used and whether it answers. GATEHOUSE_HUB (the string, or an address with GATEHOUSE_AGENT_KEY and
GATEHOUSE_HUB_FINGERPRINT) does the same without a file, and wins over it.

A TLS hub is trusted by the certificate fingerprint in the string: a server showing another certificate is refused.

Options:
      --forget   remove the saved hub (agents here then use a hub of this machine again)

Exit codes: 0 saved and the hub answers, 1 saved but the hub cannot be used now (why is printed), 2 bad string.`,
  allowPositionals: true,
  options: { forget: { type: 'boolean' } },
  async run(args, io) {
    if (args.values.forget === true) {
      const removed = await forgetRemoteHub(process.env);
      io.stdout.write(removed ? 'gatehouse connect: forgot the paired hub; agents here use a hub of this machine again\n' : 'gatehouse connect: no paired hub was saved\n');
      return 0;
    }
    const [text, ...extra] = args.positionals;
    let target;
    try {
      if (!text || extra.length) throw new Error('give exactly one connect string (quote it): gatehouse connect \'gatehouse+https://…\'');
      target = parseConnectString(text, process.env);
    } catch (err) {
      io.stderr.write(`gatehouse connect: ${(err as Error).message}\n`);
      return 2;
    }
    const file = await saveRemoteHub(process.env, text);
    const problem = await remoteProblem(remoteClient({ ...target, from: file }, dataDir(process.env)));
    if (problem) {
      io.stderr.write(`gatehouse connect: saved in ${file}, but the hub at ${target.hub} cannot be used now: ${problem}\n`);
      return 1;
    }
    io.stdout.write(`gatehouse connect: saved in ${file}; the hub at ${target.hub} answers. Agents here now ask through it.\n`);
    return 0;
  },
};

import { packageVersion } from '../../package-info.js';
import { readHubStatus } from '../status/hub-status.js';
import { toolVersions } from '../status/tool-versions.js';
import type { CliCommand } from '../command.js';
import { readRemoteStatus, remoteStatusLine } from '../status/remote-status.js';

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'is the hub up? pid, port, data dir, pending counts and tool versions (paste into a bug report)',
  help: `Usage: gatehouse status [--json]

Reports the hub of this data directory (GATEHOUSE_HOME): running or not, its pid, port and version, how many
interactions are active and how many wait on a person (and of those, how many choices lost the agent
that asked: its MCP client closed); and the versions of gatehouse, Node.js, tsci
(GATEHOUSE_TSCI or \`tsci\` on PATH) and the agent CLIs found on PATH. Changes nothing: it never starts a hub
and never creates a file. Paste its output into a bug report.

Options:
  --json   print the same as JSON

When the hub runs but cannot save (its data directory or sessions/ is read-only, immutable, owned by another
user, or the disk is full) it says "degraded" with the path, what the system said and the fix.

The running hub's permission policy file shows too, with each error (file:line:column): an entry left out (every
other rule still holds), or why the file does not parse at all — until it is fixed only the deny rules of its last
valid version hold and every other permission request goes to the person.

On a paired machine (\`gatehouse connect\`, GATEHOUSE_HUB) it reports the person's hub its agents use instead:
its address, where that was configured, and whether it answers to this machine's agent key (if not: why —
revoked, expired, another certificate, no connection). On the person's machine it counts the live agent keys.

Exit codes: 0 the hub is running (answers), 3 it is not, 4 it runs but is degraded (cannot save).`,
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const remote = await readRemoteStatus();
    if (remote) {
      if (args.values.json === true) io.stdout.write(JSON.stringify({ gatehouse: packageVersion, node: process.versions.node, hub: remote }, null, 2) + '\n');
      else io.stdout.write(`gatehouse ${packageVersion}  node ${process.versions.node}\nhub:       ${remoteStatusLine(remote)}\n`);
      return remote.answers ? 0 : 3;
    }
    const [{ status }, tools] = await Promise.all([readHubStatus(), toolVersions()]);
    const report = {
      gatehouse: packageVersion,
      node: process.versions.node,
      platform: `${process.platform} ${process.arch}`,
      hub: status,
      tools: Object.fromEntries(tools.map((t) => [t.name, { command: t.command, version: t.version }])),
    };
    if (args.values.json === true) {
      io.stdout.write(JSON.stringify(report, null, 2) + '\n');
      return exitCode(status);
    }
    const hubLine =
      status.state === 'running'
        ? `${status.degraded ? 'DEGRADED (running, but cannot save)' : 'running'}, pid ${status.pid}, port ${status.port}, ${status.url}, version ${status.hub_version}, since ${status.started_at}`
        : status.state === 'stale'
          ? `not answering (hub.json names pid ${status.pid}, port ${status.port}; it starts again when needed)`
          : 'not running (it starts by itself when needed; `gatehouse hub` runs it in the foreground)';
    const pending = status.pending
      ? `${status.pending.active.choice ?? 0} choice(s), ${status.pending.active.resolve ?? 0} resolve task(s), ${status.pending.active.task ?? 0} orchestrated task(s) active; ${status.pending.waiting_on_person} waiting on a person${status.pending.agent_gone ? ` (${status.pending.agent_gone} whose agent is gone)` : ''}`
      : '–';
    const lines = [
      `gatehouse ${report.gatehouse}  node ${report.node}  ${report.platform}`,
      `data dir:  ${status.data_dir}`,
      `hub:       ${hubLine}`,
      ...(status.degraded ?? []).map((problem) => `problem:   ${problem}`),
      ...(status.agent_keys === null ? [] : [`paired:    ${status.agent_keys} live agent key(s) (gatehouse keys)${status.tls_fingerprint ? `; TLS certificate sha256 ${status.tls_fingerprint}` : ''}`]),
      ...(status.policy ? [`policy:    ${status.policy.file} (${status.policy.rules} rule(s))${policyState(status.policy)}`] : []),
      ...(status.policy?.errors ?? []).map((error) => `policy error: ${error}`),
      `pending:   ${pending}`,
      ...tools.map((t) => `${(t.name + ':').padEnd(10)} ${t.version ?? 'not found'}${t.name === 'tsci' && !t.version ? ` (tried \`${t.command} --version\`; see README "CLI gates")` : ''}`),
    ];
    io.stdout.write(lines.join('\n') + '\n');
    return exitCode(status);
  },
};

function policyState(policy: { errors: string[]; broken: boolean; last_valid: { file: string; saved_at: string } | null }): string {
  if (policy.broken) return policy.last_valid ? ` — DOES NOT PARSE: the deny rules of its last valid version (${policy.last_valid.file}, saved ${policy.last_valid.saved_at}) still deny; every other permission request goes to the person` : ' — DOES NOT PARSE: every permission request goes to the person';
  return policy.errors.length ? ` — ${policy.errors.length} entr${policy.errors.length === 1 ? 'y' : 'ies'} left out until fixed (every other rule holds)` : '';
}

function exitCode(status: { state: string; degraded: string[] | null }): number {
  if (status.state !== 'running') return 3;
  return status.degraded ? 4 : 0;
}

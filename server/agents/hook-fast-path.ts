// The hook's fast path (issue 31 §3): every tool call of every agent passes through gatehouse's hook, so the hook
// is on the agent's hot path. A Node process costs ~70 ms to start here; curl ~5 ms. The running hub writes a curl
// config (<data dir>/hook.curlrc, 0600: its address and credential) and the installed hook line (bin/gatehouse-hook.sh)
// posts the CLI's hook input to the hub's /api/hooks/reply with curl, which prints the CLI's answer as the hub made it. When
// curl is missing, the file is not there (no hub, a TLS hub, a paired machine) or the hub does not answer, the line
// runs the Node hook instead, which starts a hub that is not running (for the hook before every call) or leaves
// the call to the CLI. Windows has no POSIX shell for it: there the line is the Node hook alone.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../package-info.js';

/** The script the installed hook line runs (shipped in the package's bin/). */
export const HOOK_SCRIPT = join(packageRoot, 'bin', 'gatehouse-hook.sh');

export const HOOK_CURLRC = 'hook.curlrc';
/** The header carrying `<agent> <event> <wait seconds>` to /api/hooks/reply. */
export const HOOK_HEADER = 'x-gatehouse-hook';

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** Writes the running hub's curl config, or removes a stale one when this hub cannot be reached that way. */
export async function writeHookCurlConfig(dir: string, hub: { host: string; port: number; token: string; tls: boolean; pid: number }): Promise<void> {
  const file = join(dir, HOOK_CURLRC);
  // A TLS hub (pinned by fingerprint) and a paired machine (whose hooks go to the person's hub) use the Node hook.
  if (hub.tls || existsSync(join(dir, 'remote-hub.json'))) return void (await rm(file, { force: true }));
  const host = hub.host.includes(':') ? `[${hub.host}]` : hub.host;
  const lines = [
    `# gatehouse hub pid ${hub.pid}: the installed hooks' fast path to it (curl -K); removed when it stops`,
    `url = ${quote(`http://${host}:${hub.port}/api/hooks/reply`)}`,
    `header = ${quote(`authorization: Bearer ${hub.token}`)}`,
    `header = ${quote('content-type: application/json')}`,
    '',
  ];
  await writeFile(file, lines.join('\n'), { mode: 0o600 });
}

export async function removeHookCurlConfig(dir: string): Promise<void> {
  await rm(join(dir, HOOK_CURLRC), { force: true });
}

/**
 * The hook line for POSIX shells: bin/gatehouse-hook.sh (curl first, then the Node hook `nodeCommand`). No `$` in
 * the line itself: Gemini CLI and Qwen Code expand variables in their settings' strings.
 */
export function fastHookLine(agentId: string, event: string, waitSeconds: number, nodeCommand: string): string {
  return `/bin/sh ${JSON.stringify(HOOK_SCRIPT)} ${agentId} ${event} ${waitSeconds} ${nodeCommand}`;
}

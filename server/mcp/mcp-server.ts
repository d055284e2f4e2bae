import { randomBytes } from 'node:crypto';
import { ensureHub } from '../hub-client/ensure-hub.js';
import { sharedHub } from '../hub-client/shared-hub.js';
import type { Logger } from '../logging/logger.js';
import { readHandshakeSnapshot } from './handshake-snapshot.js';
import { LineLimitedStdioTransport } from './line-limited-stdio.js';
import { McpFront, type LoadedServer } from './mcp-front.js';

/**
 * The `gatehouse mcp` server: a thin stdio client of the shared hub (see shared-hub.ts), which it finds or starts at
 * once, while the client does its handshake. Until a message needs them, the MCP SDK and the tools stay unloaded:
 * the handshake is answered from the build's snapshot (mcp-front.ts). Without a snapshot the server loads at once.
 */
export async function runMcpServer(log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const hub = sharedHub(env, (err) => log.warn({ err: err.message }, 'the hub could not be started ahead of the first tool call'));
  // This process names itself on the hub's choice routes, so its choices can be shown as agent-less once it ends.
  const asker = randomBytes(12).toString('base64url');
  let usedHub = false;
  const load = async (): Promise<LoadedServer> => {
    await hub.startUnderWay; // loading the SDK blocks this process for a while: spawn the hub first
    const asking = async () => {
      usedHub = true;
      return Object.assign(await hub(), { asker });
    };
    return (await import('./mcp-tools-server.js')).createMcpServer({ hub: asking, log });
  };
  const stdio = new LineLimitedStdioTransport();
  const closed = new Promise<void>((resolve) => (stdio.onclose = resolve));
  // A client that ends this process with a signal instead of closing stdin: it is gone all the same.
  let signalled: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    signalled = signal;
    void stdio.close();
  };
  process.once('SIGTERM', onSignal).once('SIGHUP', onSignal);
  stdio.onerror = (err) => log.warn({ err: err.message }, 'mcp: a message could not be read');
  const snapshot = readHandshakeSnapshot(new URL(import.meta.url));
  if (snapshot) {
    const front = new McpFront(stdio, snapshot, load, (err) => log.error({ err: err.message }, 'mcp: the MCP server could not be loaded'));
    stdio.onmessage = (message) => front.take(message);
    await stdio.start();
    await closed;
    front.close();
  } else {
    await (await load()).connect(stdio);
    await closed;
  }
  if (usedHub) await tellAskerGone(env, asker, log);
  process.off('SIGTERM', onSignal).off('SIGHUP', onSignal);
  // Ended by a signal: end as that signal ends a process, now that the hub knows.
  if (signalled) process.kill(process.pid, signalled);
}

/**
 * The client closed this process's stdin (it ended, or was killed): no one will poll the choices this process was
 * asking for. The hub is told (never started for it), so the person sees the agent that asked is gone.
 */
async function tellAskerGone(env: NodeJS.ProcessEnv, asker: string, log: Logger): Promise<void> {
  try {
    const hub = Object.assign(await ensureHub({ env, start: false }), { asker });
    const { sessions } = await hub.request<{ sessions: string[] }>('POST', '/api/sessions/asker-gone', undefined, { signal: AbortSignal.timeout(3000) });
    if (sessions.length) log.info({ sessions }, 'mcp: the client closed; its pending choices are marked as having no agent');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'mcp: the client closed, and the hub could not be told');
  }
}

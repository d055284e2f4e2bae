import { ensureHub } from '../hub-client/ensure-hub.js';
import { sharedHub } from '../hub-client/shared-hub.js';
import type { HubClient } from '../hub-client/hub-client.js';

/** How clients end a stdio MCP server besides closing its stdin. */
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
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
  /** The hub the tools last used: told at once when the client goes (no lookup, no health check first). */
  let asked: HubClient | null = null;
  const load = async (): Promise<LoadedServer> => {
    await hub.startUnderWay; // loading the SDK blocks this process for a while: spawn the hub first
    // This process names itself on the hub's choice routes, so its choices can be shown as agent-less once it ends.
    // node:crypto loads with the tools, not at start: an idle process (most agents never call a tool) is 0.6 MiB smaller.
    const asker = (await import('node:crypto')).randomBytes(12).toString('base64url');
    const asking = async () => (asked = Object.assign(await hub(), { asker }));
    return (await import('./mcp-tools-server.js')).createMcpServer({ hub: asking, log });
  };
  const stdio = new LineLimitedStdioTransport();
  const closed = new Promise<void>((resolve) => (stdio.onclose = resolve));
  // A client that ends this process with a signal instead of closing stdin is gone all the same (Claude Code sends
  // SIGINT, then SIGTERM 100 ms later and SIGKILL 400 ms after that; others close stdin or send SIGTERM).
  let signalled: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    signalled = signal;
    void stdio.close();
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
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
  if (asked) await tellAskerGone(asked, env, log);
  for (const signal of SIGNALS) process.off(signal, onSignal);
  // Ended by a signal: end as that signal ends a process, now that the hub knows.
  if (signalled) process.kill(process.pid, signalled);
}

/**
 * The client closed this process's stdin (it ended, or was killed): no one will poll the choices this process was
 * asking for. The hub is told (never started for it), so the person sees the agent that asked is gone.
 */
async function tellAskerGone(last: HubClient, env: NodeJS.ProcessEnv, log: Logger): Promise<void> {
  const tell = (hub: HubClient) => hub.request<{ sessions: string[] }>('POST', '/api/sessions/asker-gone', undefined, { signal: AbortSignal.timeout(3000) });
  try {
    // The hub may have restarted on another port since: then it is looked up (never started for this).
    const { sessions } = await tell(last).catch(async () => tell(Object.assign(await ensureHub({ env, start: false }), { asker: last.asker })));
    if (sessions.length) log.info({ sessions }, 'mcp: the client closed; its pending choices are marked as having no agent');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'mcp: the client closed, and the hub could not be told');
  }
}

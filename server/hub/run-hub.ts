import type { HubConfig } from '../config/hub-config.js';
import type { Logger } from '../logging/logger.js';
import { tryLock } from '../discovery/file-lock.js';
import { ensurePrivateDir } from '../discovery/private-files.js';
import { hubBaseUrl, readHubState, removeHubState, writeHubState } from '../discovery/hub-state-file.js';
import { packageVersion } from '../package-info.js';
import { createHub, type Hub } from './create-hub.js';
import type { HubFeatures } from './context.js';
import { watchIdle } from './idle-watch.js';
import { removeHookCurlConfig, writeHookCurlConfig } from '../agents/hook-fast-path.js';

export class HubAlreadyRunningError extends Error {
  constructor(readonly pid: number | null, readonly port: number | null) {
    super(`a gatehouse hub is already running for this data directory${pid ? ` (pid ${pid}${port ? `, port ${port}` : ''})` : ''}`);
    this.name = 'HubAlreadyRunningError';
  }
}

let markWarmedUp!: () => void;
/**
 * Settles once a hub of this process listens and has warmed its first page (the start path has run: see
 * code-cached-bundle.ts), before it loads its permission policy.
 */
export const hubWarmedUp = new Promise<void>((resolve) => (markWarmedUp = resolve));

export interface RunningHub extends Hub {
  baseUrl: string;
  /** Resolves when the hub has stopped (idle exit, signal or close()). */
  stopped: Promise<string>;
  close(reason?: string): Promise<void>;
}

/**
 * Starts the hub: takes the data directory's hub lock (one hub per data dir), listens on 127.0.0.1
 * (the asked port, or a free one when it is taken), records itself in hub.json and exits when idle.
 *
 * The features it hosts come from above (server/app.ts, whose runHub passes them): the hub imports none.
 */
export async function runHubWith(features: HubFeatures, config: HubConfig, log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<RunningHub> {
  await ensurePrivateDir(config.paths.dir, (fields, message) => log.warn(fields, message));
  const releaseLock = await tryLock(config.paths.hubLock, Number.POSITIVE_INFINITY);
  if (!releaseLock) {
    const state = await readHubState(config.paths.hubState);
    throw new HubAlreadyRunningError(state?.pid ?? null, state?.port ?? null);
  }
  let hub: Hub;
  try {
    hub = await createHub(features, config, log, env);
  } catch (err) {
    await releaseLock();
    throw err;
  }
  const { app, ctx } = hub;
  let port: number;
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
      await releaseLock();
      throw err;
    }
    log.warn({ port: config.port }, 'port is taken by another program; listening on a free port instead');
    await app.listen({ host: config.host, port: 0 });
  }
  port = (app.server.address() as { port: number }).port;
  const baseUrl = hubBaseUrl({ host: config.host, port, tls_fingerprint: ctx.tlsFingerprint });
  hub.setBaseUrl(baseUrl);
  await writeHubState(config.paths.hubState, { pid: process.pid, host: config.host, port, version: packageVersion, started_at: new Date().toISOString(), ...(ctx.tlsFingerprint ? { tls_fingerprint: ctx.tlsFingerprint } : {}) });
  // The installed hooks' fast path to this hub (server/agents/hook-fast-path.ts); a failure only costs speed.
  await writeHookCurlConfig(config.paths.dir, { host: config.host, port, token: ctx.token, tls: Boolean(ctx.tlsFingerprint), pid: process.pid }).catch((err) => log.warn({ err }, 'could not write the hooks\' curl config'));
  log.info({ baseUrl, dataDir: config.paths.dir, startupMs: Math.round(process.uptime() * 1000) }, 'hub listening');
  // After hub.json, so that a client waiting for the hub is not kept waiting by it; a failure only costs speed.
  // The code cache is written once the page is warm and before the policy: its bash parser changes V8 flags (Liftoff
  // only, no tier-up: see tree-sitter-bash.ts), and V8 accepts a cache only under the flags it was written with.
  void warmUp(features.warmUps.map((warm) => () => warm(ctx)), log)
    .finally(markWarmedUp)
    .then(() => warmUp([() => ctx.policy()], log));

  let resolveStopped!: (reason: string) => void;
  const stopped = new Promise<string>((r) => (resolveStopped = r));
  let closing: Promise<void> | null = null;
  const close = (reason = 'closed') => {
    closing ??= (async () => {
      stopIdle();
      log.info({ reason }, 'hub stopping');
      await app.close().catch((err) => log.error({ err }, 'error while closing'));
      if ((await readHubState(config.paths.hubState))?.pid === process.pid) await removeHookCurlConfig(config.paths.dir);
      await removeHubState(config.paths.hubState);
      await releaseLock();
      resolveStopped(reason);
    })();
    return closing;
  };
  ctx.sessions.on('changed', () => ctx.activity.touch());
  const stopIdle = watchIdle(config.idleSeconds, () => ctx.sessions.pendingCount() === 0 && !ctx.activity.busy && ctx.events.clientCount === 0 && !ctx.agentKeys.hasLive(), () => ctx.activity.idleSince, () => void close('idle'));
  return { ...hub, baseUrl, stopped, close };
}

/**
 * Runs the warm-ups one at a time, in order, each after the requests that have come in meanwhile (setImmediate runs
 * after the event loop has polled for I/O): the first page's before the policy's (its bash parser compiles 1.3 MB of
 * WebAssembly), so the question a just-started hub was started for is not kept waiting behind a permission policy it
 * does not need — measured on a cold start: that question's first POST 50 → 38 ms. A permission request that comes
 * first loads the policy itself (ctx.policy() is made once, on first use). A failure only costs speed.
 */
async function warmUp(steps: Array<() => Promise<unknown>>, log: Logger): Promise<void> {
  for (const step of steps) {
    await new Promise((resolve) => setImmediate(resolve));
    await step().catch((err) => log.warn({ err }, 'warm-up failed (the first request loads what it needs itself)'));
  }
}

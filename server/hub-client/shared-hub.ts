import { ensureHub } from './ensure-hub.js';
import type { HubClient } from './hub-client.js';

export interface SharedHub {
  (): Promise<HubClient>;
  /**
   * Settles once the first attempt has found the hub, spawned it, found another process starting it, or failed. A
   * client that loads heavy modules (the MCP SDK on the first tool call) waits for it, so that their synchronous
   * compile does not hold back the hub's spawn: on a cold start the hub's start is the longest part of the wait.
   */
  startUnderWay: Promise<void>;
}

/**
 * The hub one long-lived client process (`gatehouse mcp`) talks to: found or started once — beginning at once, so a
 * hub is starting while the client does its handshake — then reused. Before it is handed out again it is checked
 * (it may have idled out or restarted on another port), and calls that arrive together share that one check, so a
 * burst of 1,000 calls costs one health request, not 1,000 connections. `onEarlyFailure` hears why the first
 * attempt failed; it is not final: the next call tries again and reports why.
 */
export function sharedHub(env: NodeJS.ProcessEnv, onEarlyFailure: (err: Error) => void): SharedHub {
  let current: HubClient | null = null;
  let fresh = false;
  let pending: Promise<HubClient> | null = null;
  let underWay!: () => void;
  const startUnderWay = new Promise<void>((resolve) => (underWay = resolve));
  const early = ensureHub({ env, onStarting: underWay })
    .then(
      (hub) => ((current = hub), (fresh = true)),
      (err: Error) => onEarlyFailure(err),
    )
    .finally(underWay);
  const find = async (): Promise<HubClient> => {
    await early;
    // The first call after the start takes the hub the start found (it has just answered). A paired machine's hub
    // keeps its address: it is used as it is (its polls ride out a restart; a call it does not answer says so).
    if (current && (fresh || current.link.remote || (await current.healthy(1000)))) {
      fresh = false;
      return current;
    }
    current = await ensureHub({ env });
    return current;
  };
  return Object.assign(() => (pending ??= find().finally(() => (pending = null))), { startUnderWay });
}

import { dataDir } from '../../config/data-paths.js';
import { remoteClient } from '../../hub-client/remote-client.js';
import { remoteHub } from '../../pairing/remote-hub.js';

/** On a paired machine: which hub its agents use, and whether it answers to this machine's key. */
export interface RemoteStatus {
  state: 'paired';
  url: string;
  /** GATEHOUSE_HUB or the saved file. */
  from: string;
  answers: boolean;
  /** The key's name as the hub knows it (when it answers). */
  agent_key: string | null;
  /** Why it cannot be used now: the hub's refusal (revoked, expired), a wrong certificate, a refused connection. */
  problem: string | null;
}

/** Null when this machine is not paired (its agents use the hub of its own data directory). */
export async function readRemoteStatus(env: NodeJS.ProcessEnv = process.env): Promise<RemoteStatus | null> {
  let remote;
  try {
    remote = await remoteHub(env);
  } catch (err) {
    return { state: 'paired', url: env.GATEHOUSE_HUB ?? '(saved hub)', from: 'configuration', answers: false, agent_key: null, problem: (err as Error).message };
  }
  if (!remote) return null;
  try {
    const health = await remoteClient(remote, dataDir(env)).request<{ agent_key?: string }>('GET', '/api/health', undefined, { signal: AbortSignal.timeout(3000) });
    return { state: 'paired', url: remote.hub, from: remote.from, answers: true, agent_key: health?.agent_key ?? null, problem: null };
  } catch (err) {
    return { state: 'paired', url: remote.hub, from: remote.from, answers: false, agent_key: null, problem: (err as Error).message };
  }
}

export function remoteStatusLine(status: RemoteStatus): string {
  const answer = status.answers ? `answers (agent key "${status.agent_key}")` : `cannot be used: ${status.problem}`;
  return `paired hub ${status.url} (from ${status.from}) ${answer}; never started from here`;
}

import type { RemoteHub } from '../pairing/remote-hub.js';
import { HubClient } from './hub-client.js';

/** A client of the person's hub, with this machine's agent key and the pinned certificate. */
export function remoteClient(remote: RemoteHub, dataDir: string): HubClient {
  return new HubClient(remote.hub, remote.key, dataDir, { fingerprint: remote.fingerprint, remote: true });
}

/** Why the paired hub cannot be used now, said once: the hub's own answer (a revoked key) or what the network said. */
export async function remoteProblem(client: HubClient, timeoutMs = 3000): Promise<string | null> {
  try {
    await client.request('GET', '/api/health', undefined, { signal: AbortSignal.timeout(timeoutMs) });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

// The running hub as a hook process finds it: <data dir>/hub.json (port, pid) and the credential, read and used
// as they are — no health round trip first (only a check that hub.json's process is alive: a dead hub's port may
// serve something else by now); a hub is started only for the hook before every call. A hook runs on every permission request
// of an agent CLI, which waits for it: a hub that is not there shows as a refused connection at once, and the
// hook then leaves the decision to the CLI's own dialog.
import { dataDir, dataPaths } from '../config/data-paths.js';
import { readCredential } from '../discovery/credential.js';
import { hubBaseUrl, readHubState } from '../discovery/hub-state-file.js';
import { HubClient } from '../hub-client/hub-client.js';
import { remoteHub } from '../pairing/remote-hub.js';
import { remoteClient } from '../hub-client/remote-client.js';

/**
 * `start`: the hook before every tool call starts a hub that is not running (issue 31: the person's policy is law
 * for every call, and only a running hub applies it); the permission hook leaves the CLI's own dialog to ask.
 */
export async function hubForHook(env: NodeJS.ProcessEnv, opts: { start?: boolean; onStarting?: () => void } = {}): Promise<HubClient> {
  const paths = dataPaths(dataDir(env));
  // A paired machine: the person's hub, used as it is (an unreachable one is a refused connection: the CLI asks itself).
  const remote = await remoteHub(env);
  if (remote) return remoteClient(remote, paths.dir);
  const [state, token] = await Promise.all([readHubState(paths.hubState), readCredential(paths.credential)]);
  if (!state || !token || !alive(state.pid)) {
    if (opts.start) return (await import('../hub-client/ensure-hub.js')).ensureHub({ env, timeoutMs: 15_000, onStarting: opts.onStarting });
    throw new Error(`no gatehouse hub is running for ${paths.dir} (start one with \`gatehouse hub\`)`);
  }
  return new HubClient(hubBaseUrl(state), token, paths.dir, { fingerprint: state.tls_fingerprint });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

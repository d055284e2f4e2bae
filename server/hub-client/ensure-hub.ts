import type { ChildProcess } from 'node:child_process';
import { dataDir, dataPaths } from '../config/data-paths.js';
import { ensureCredential, readCredential } from '../discovery/credential.js';
import { tryLock } from '../discovery/file-lock.js';
import { ensurePrivateDir } from '../discovery/private-files.js';
import { readHubStartError, removeHubStartError } from '../discovery/hub-start-error.js';
import { hubBaseUrl, readHubState } from '../discovery/hub-state-file.js';
import { cliLauncher } from '../package-info.js';
import { HubClient } from './hub-client.js';
import { remoteHub } from '../pairing/remote-hub.js';
import { remoteClient, remoteProblem } from './remote-client.js';

export interface EnsureHubOptions {
  env?: NodeJS.ProcessEnv;
  /** Start the hub when none answers (default true). */
  start?: boolean;
  /**
   * How long to wait for a starting hub (ms). A start ends when the hub answers or its process exits (with its start
   * error); this only guards against a hub that does neither — on a busy machine a sound start can take 10 s and more.
   */
  timeoutMs?: number;
  /** Told when this process has spawned the hub, or waits for one another process is starting. */
  onStarting?: () => void;
}

/** A hub start that neither answered nor exited by then is taken as hung. */
const START_HANG_GUARD_MS = 60_000;

export class HubUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubUnavailableError';
  }
}

/**
 * Finds the shared hub through <data dir>/hub.json and checks it answers; if none does, starts one
 * (detached, so it outlives this process) under a start lock, so racing processes end with one hub.
 */
export async function ensureHub(opts: EnsureHubOptions = {}): Promise<HubClient> {
  const env = opts.env ?? process.env;
  const paths = dataPaths(dataDir(env));
  // A paired machine (gatehouse connect, GATEHOUSE_HUB) uses the person's hub, and never starts one of its own.
  const remote = await remoteHub(env).catch((err: Error) => {
    throw new HubUnavailableError(err.message);
  });
  if (remote) {
    const client = remoteClient(remote, paths.dir);
    const problem = await remoteProblem(client, opts.timeoutMs ?? 5000);
    if (problem) throw new HubUnavailableError(`the paired hub (${remote.hub}, from ${remote.from}) cannot be used: ${problem}`);
    return client;
  }
  if (opts.start === false) {
    // Read-only: finding a running hub must not create the data dir or a credential as a side effect.
    const existing = await readCredential(paths.credential);
    const running = existing ? await findHub(paths.hubState, existing, paths.dir) : null;
    if (running) return running;
    throw new HubUnavailableError(`no gatehouse hub is running for ${paths.dir} (start one with \`gatehouse hub\`)`);
  }
  await ensurePrivateDir(paths.dir);
  const token = await ensureCredential(paths.credential);
  const found = await findHub(paths.hubState, token, paths.dir);
  if (found) return found;

  const deadline = Date.now() + (opts.timeoutMs ?? START_HANG_GUARD_MS);
  let spawned: ChildProcess | null = null;
  while (Date.now() < deadline) {
    const release = await tryLock(paths.startLock);
    if (release) {
      try {
        const raced = await findHub(paths.hubState, token, paths.dir);
        if (raced) return raced;
        if (!spawned) {
          await removeHubStartError(paths.startError);
          spawned = await spawnHub(env, paths.dir);
          opts.onStarting?.();
        }
        const started = await waitForHub(paths.hubState, token, paths.dir, deadline, spawned.exitCode === null ? spawned : undefined);
        if (started) return started;
        await failIfHubFailed(paths, spawned);
      } finally {
        await release();
      }
    } else {
      opts.onStarting?.();
      const other = await waitForHub(paths.hubState, token, paths.dir, Math.min(deadline, Date.now() + 500));
      if (other) return other;
    }
  }
  throw new HubUnavailableError(`the gatehouse hub did not start within ${opts.timeoutMs ?? START_HANG_GUARD_MS} ms; see ${paths.log}`);
}

async function findHub(stateFile: string, token: string, dir: string): Promise<HubClient | null> {
  const state = await readHubState(stateFile);
  if (!state) return null;
  const client = new HubClient(hubBaseUrl(state), token, dir, { fingerprint: state.tls_fingerprint });
  return (await client.healthy()) ? client : null;
}

async function waitForHub(stateFile: string, token: string, dir: string, until: number, child?: ChildProcess): Promise<HubClient | null> {
  while (Date.now() < until && (child?.exitCode ?? null) === null) {
    const client = await findHub(stateFile, token, dir);
    if (client) return client;
    // Often: on a cold start the first question waits on this, and a look for hub.json costs ~0.1 ms.
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

/** The hub this process started has exited: tell the agent why (its start error), with the path and the fix. */
async function failIfHubFailed(paths: ReturnType<typeof dataPaths>, child: ChildProcess): Promise<void> {
  if (child.exitCode === null) return;
  const failure = await readHubStartError(paths.startError);
  if (failure && failure.pid === child.pid) throw new HubUnavailableError(`${failure.message} (see ${paths.log})`);
  if (child.exitCode !== 3) throw new HubUnavailableError(`the gatehouse hub exited while starting (exit code ${child.exitCode}); see ${paths.log}`);
}

/** node:child_process is loaded only to start a hub: a client that finds one running never needs it. */
async function spawnHub(env: NodeJS.ProcessEnv, dir: string): Promise<ChildProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [cliLauncher, 'hub', '--background'], {
    detached: true,
    stdio: 'ignore',
    env: { ...env, GATEHOUSE_HOME: dir },
  });
  child.unref();
  return child;
}

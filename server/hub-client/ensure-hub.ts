import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dataDir, dataPaths } from '../config/data-paths.js';
import { ensureCredential } from '../discovery/credential.js';
import { tryLock } from '../discovery/file-lock.js';
import { hubBaseUrl, readHubState } from '../discovery/hub-state-file.js';
import { cliLauncher } from '../package-info.js';
import { HubClient } from './hub-client.js';

export interface EnsureHubOptions {
  env?: NodeJS.ProcessEnv;
  /** Start the hub when none answers (default true). */
  start?: boolean;
  /** How long to wait for a starting hub (ms). */
  timeoutMs?: number;
}

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
  await mkdir(paths.dir, { recursive: true, mode: 0o700 });
  const token = await ensureCredential(paths.credential);
  const found = await findHub(paths.hubState, token, paths.dir);
  if (found) return found;
  if (opts.start === false) throw new HubUnavailableError(`no gatehouse hub is running for ${paths.dir} (start one with \`gatehouse hub\`)`);

  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  let spawned = false;
  while (Date.now() < deadline) {
    const release = await tryLock(paths.startLock);
    if (release) {
      try {
        const raced = await findHub(paths.hubState, token, paths.dir);
        if (raced) return raced;
        if (!spawned) {
          spawnHub(env, paths.dir);
          spawned = true;
        }
        const started = await waitForHub(paths.hubState, token, paths.dir, deadline);
        if (started) return started;
      } finally {
        await release();
      }
    } else {
      const other = await waitForHub(paths.hubState, token, paths.dir, Math.min(deadline, Date.now() + 500));
      if (other) return other;
    }
  }
  throw new HubUnavailableError(`the gatehouse hub did not start within ${opts.timeoutMs ?? 10_000} ms; see ${paths.log}`);
}

async function findHub(stateFile: string, token: string, dir: string): Promise<HubClient | null> {
  const state = await readHubState(stateFile);
  if (!state) return null;
  const client = new HubClient(hubBaseUrl(state), token, dir);
  return (await client.healthy()) ? client : null;
}

async function waitForHub(stateFile: string, token: string, dir: string, until: number): Promise<HubClient | null> {
  while (Date.now() < until) {
    const client = await findHub(stateFile, token, dir);
    if (client) return client;
    await new Promise((r) => setTimeout(r, 15));
  }
  return null;
}

function spawnHub(env: NodeJS.ProcessEnv, dir: string): void {
  const child = spawn(process.execPath, [cliLauncher, 'hub', '--background'], {
    detached: true,
    stdio: 'ignore',
    env: { ...env, GATEHOUSE_HOME: dir },
  });
  child.unref();
}

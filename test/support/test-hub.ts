import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../server/config/data-paths.js';
import { readCredential } from '../../server/discovery/credential.js';
import { hubBaseUrl, readHubState } from '../../server/discovery/hub-state-file.js';
import { HubClient } from '../../server/hub-client/hub-client.js';
import { cliLauncher } from '../../server/package-info.js';

export interface TestHub {
  home: string;
  env: NodeJS.ProcessEnv;
  client: HubClient;
  baseUrl: string;
  token: string;
  process: ChildProcess;
  /** SIGKILL the hub process (crash) and wait for it to be gone. */
  kill9(): Promise<void>;
  /** Start the hub again on the same data directory (after kill9 or stop). */
  restart(): Promise<TestHub>;
  /** Stop the hub (SIGTERM) and delete the data directory unless keepHome. */
  stop(opts?: { keepHome?: boolean }): Promise<void>;
}

/** An environment for a hub and its clients that touches nothing of the real user's. */
export function testEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GATEHOUSE_HOME: home, GATEHOUSE_PORT: '0', GATEHOUSE_NO_BROWSER: '1', GATEHOUSE_IDLE_SECONDS: '0', ...extra };
  delete env.CHOICE_LANG;
  if (extra.CHOICE_LANG) env.CHOICE_LANG = extra.CHOICE_LANG;
  return env;
}

export async function makeTempHome(prefix = 'gatehouse-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

const START_HANG_GUARD_MS = 120_000;

/** Starts a real hub process (`gatehouse hub`, built dist) on 127.0.0.1 with a temp data directory. */
export async function startTestHub(opts: { home?: string; env?: NodeJS.ProcessEnv } = {}): Promise<TestHub> {
  const home = opts.home ?? (await makeTempHome());
  const env = testEnv(home, opts.env);
  const child = spawn(process.execPath, [cliLauncher, 'hub', '--background'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const paths = dataPaths(home);
  // The start ends when the hub answers or its process exits; the deadline only guards against a hang (four hubs and
  // four agent CLIs starting at once on a busy machine took longer than the 15 s this used to allow).
  const deadline = Date.now() + START_HANG_GUARD_MS;
  let client: HubClient | null = null;
  while (Date.now() < deadline && child.exitCode === null) {
    const state = await readHubState(paths.hubState);
    const token = await readCredential(paths.credential);
    if (state && token && state.pid === child.pid) {
      const candidate = new HubClient(hubBaseUrl(state), token, home, { fingerprint: state.tls_fingerprint });
      if (await candidate.healthy()) {
        client = candidate;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!client) {
    child.kill('SIGKILL');
    throw new Error(`test hub did not start (${child.exitCode === null ? `no answer in ${START_HANG_GUARD_MS / 1000} s` : `exit ${child.exitCode}`}): ${stderr}`);
  }
  const hub: TestHub = {
    home,
    env,
    client,
    baseUrl: client.baseUrl,
    token: client.token,
    process: child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    restart: () => startTestHub({ home, env: opts.env }),
    async stop(stopOpts = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!stopOpts.keepHome) await rm(home, { recursive: true, force: true });
    },
  };
  return hub;
}

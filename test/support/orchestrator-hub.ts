import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { dataPaths } from '../../server/config/data-paths.js';
import { readCredential } from '../../server/discovery/credential.js';
import { hubBaseUrl, readHubState } from '../../server/discovery/hub-state-file.js';
import { HubClient } from '../../server/hub-client/hub-client.js';
import { cliLauncher } from '../../server/package-info.js';
import { makeTempHome, testEnv } from './test-hub.js';
import { FAKE_AGENT_ADAPTERS } from './orchestrator-fixture.js';

/** A real hub in the foreground (`gatehouse hub`) whose stdout is captured, to prove nothing leaks to it. */
export interface CapturedHub {
  home: string;
  env: NodeJS.ProcessEnv;
  client: HubClient;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function orchestratorHome(): Promise<string> {
  const home = await makeTempHome('gatehouse-orch-hub-');
  writeFileSync(`${home}/adapters.yaml`, FAKE_AGENT_ADAPTERS);
  return home;
}

export async function startCapturedHub(home: string): Promise<CapturedHub> {
  const env = testEnv(home);
  const child = spawn(process.execPath, [cliLauncher, 'hub'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += String(d)));
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const paths = dataPaths(home);
  const deadline = Date.now() + 15_000;
  let client: HubClient | null = null;
  while (!client && Date.now() < deadline && child.exitCode === null) {
    const state = await readHubState(paths.hubState);
    const token = await readCredential(paths.credential);
    if (state && token && state.pid === child.pid) {
      const candidate = new HubClient(hubBaseUrl(state), token, home);
      if (await candidate.healthy()) client = candidate;
    }
    if (!client) await new Promise((r) => setTimeout(r, 10));
  }
  if (!client) {
    child.kill('SIGKILL');
    throw new Error(`hub did not start: ${stderr}`);
  }
  return {
    home,
    env,
    client,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The hub's /ws as a message log with "wait until a message satisfies …". */
export async function hubSocket(client: HubClient) {
  const socket = new WebSocket(client.wsUrl());
  const messages: Array<{ type: string; [key: string]: any }> = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters) w();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    messages,
    until<T>(pick: (m: { type: string; [key: string]: any }) => T | undefined | null | false): Promise<T> {
      return new Promise((resolve) => {
        const check = () => {
          for (const m of messages) {
            const found = pick(m);
            if (found) {
              waiters.delete(check);
              resolve(found);
              return true;
            }
          }
          return false;
        };
        if (!check()) waiters.add(check);
      });
    },
    close: () => socket.close(),
  };
}

/** Runs `gatehouse <args>` and collects its output. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, cwd?: string) {
  const child = spawn(process.execPath, [cliLauncher, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, done, stdout: () => stdout };
}

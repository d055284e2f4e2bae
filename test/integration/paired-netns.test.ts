// "Remote" that is not loopback: the hub in one network namespace, the paired machine in another, joined by a veth
// pair (10.213.x.1 ↔ 10.213.x.2). The hub binds its veth address, so it serves TLS; the remote has its own data dir
// and only the connect string. Runs where network namespaces can be made (root, or CAP_NET_ADMIN); skipped elsewhere.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { readHubState } from '../../server/discovery/hub-state-file.js';
import { cliLauncher } from '../../server/package-info.js';
import { until } from '../support/run-cli.js';
import { makeTempHome, testEnv } from '../support/test-hub.js';
import { remoteEnv } from '../support/paired-remote.js';

const tag = `${process.pid % 100_000}`;
const HUB_NS = `gh-hub-${tag}`;
const REMOTE_NS = `gh-rem-${tag}`;
const subnet = `10.213.${process.pid % 250}`;
const HUB_ADDRESS = `${subnet}.1`;
const REMOTE_ADDRESS = `${subnet}.2`;

function canMakeNamespaces(): boolean {
  const probe = `gh-probe-${tag}`;
  try {
    execFileSync('ip', ['netns', 'add', probe], { stdio: 'ignore' });
    execFileSync('ip', ['netns', 'del', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const inNs = (ns: string, args: string[]) => ['netns', 'exec', ns, process.execPath, cliLauncher, ...args];

/** Runs `gatehouse <args>` inside namespace `ns`: exit code and output. */
function gatehouseIn(ns: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> & { stderrSoFar: () => string } {
  const child = spawn('ip', inNs(ns, args), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += String(d)));
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const done = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })));
  return Object.assign(done, { stderrSoFar: () => stderr });
}

const permitted = canMakeNamespaces();
let hubHome = '';
let hubEnv: NodeJS.ProcessEnv = {};
let hub: ChildProcess | null = null;

describe.skipIf(!permitted)('a paired machine in its own network namespace', () => {
  beforeAll(async () => {
    ip('netns', 'add', HUB_NS);
    ip('netns', 'add', REMOTE_NS);
    ip('link', 'add', `ghh${tag}`, 'netns', HUB_NS, 'type', 'veth', 'peer', 'name', `ghr${tag}`, 'netns', REMOTE_NS);
    for (const [ns, dev, address] of [[HUB_NS, `ghh${tag}`, HUB_ADDRESS], [REMOTE_NS, `ghr${tag}`, REMOTE_ADDRESS]]) {
      ip('-n', ns, 'addr', 'add', `${address}/30`, 'dev', dev);
      ip('-n', ns, 'link', 'set', dev, 'up');
      ip('-n', ns, 'link', 'set', 'lo', 'up');
    }
    hubHome = await makeTempHome('gatehouse-netns-hub-');
    hubEnv = testEnv(hubHome, { GATEHOUSE_HOST: HUB_ADDRESS, GATEHOUSE_PORT: '47823' });
    hub = spawn('ip', inNs(HUB_NS, ['hub', '--background']), { env: hubEnv, stdio: 'ignore' });
    await until(async () => (await readHubState(dataPaths(hubHome).hubState)) !== null);
  }, 60_000);

  afterAll(async () => {
    hub?.kill('SIGTERM');
    if (hub && hub.exitCode === null) await new Promise((r) => hub!.once('exit', r));
    for (const ns of [HUB_NS, REMOTE_NS]) execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    await rm(hubHome, { recursive: true, force: true });
  });

  it('asks over the veth link through TLS; the gate carries the machine and the key was last used from its address', async () => {
    const state = await readHubState(dataPaths(hubHome).hubState);
    expect(state).toMatchObject({ host: HUB_ADDRESS, tls_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const made = await gatehouseIn(HUB_NS, ['pair', '--name', 'netns-box'], hubEnv);
    expect(made.code).toBe(0);
    const connect = made.stdout.trim();
    expect(connect).toMatch(new RegExp(`^gatehouse\\+https://${HUB_ADDRESS.replaceAll('.', '\\.')}:47823/\\?key=ghk_[\\w-]+&fp=${state!.tls_fingerprint}$`));

    const remote = await remoteEnv();
    try {
      const connected = await gatehouseIn(REMOTE_NS, ['connect', connect], remote.env);
      expect(connected.stderr).toBe('');
      expect(connected.code).toBe(0);
      // The remote cannot reach the hub's loopback at all: only the veth address leads there.
      const asking = gatehouseIn(REMOTE_NS, ['ask', 'Deploy the API?', '-o', 'go=Deploy', '-o', 'wait=Wait', '--interface', 'web'], remote.env);
      await until(() => /Waiting for an answer to (\S+)/.test(asking.stderrSoFar()));
      const id = /Waiting for an answer to (\S+)/.exec(asking.stderrSoFar())![1];
      const stored = JSON.parse(await readFile(join(dataPaths(hubHome).sessions, `${id}.json`), 'utf8')) as { source: { machine?: string } };
      expect(stored.source.machine).toBe('netns-box');
      const answered = await gatehouseIn(HUB_NS, ['answer', id, '--option', 'go'], hubEnv);
      expect(answered.code).toBe(0);
      const asked = await asking;
      expect(asked.code).toBe(0);
      expect(JSON.parse(asked.stdout)).toMatchObject({ status: 'submitted' });
      expect(asked.stdout).toContain('"go"');
      const keys = await gatehouseIn(HUB_NS, ['keys', '--json'], hubEnv);
      expect(JSON.parse(keys.stdout)).toMatchObject([{ name: 'netns-box', state: 'live', last_used_from: REMOTE_ADDRESS }]);
      const files = (await import('node:fs')).readdirSync(remote.home);
      for (const file of ['hub.json', 'credential', 'sessions']) expect(files).not.toContain(file);
    } finally {
      await rm(remote.home, { recursive: true, force: true });
    }
  });
});


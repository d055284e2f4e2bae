import { spawn } from 'node:child_process';
import { readdir, rm, writeFile, chmod, mkdtemp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { runCli, until } from '../support/run-cli.js';
import { isAlive } from '../../server/platform/process-alive.js';
import { readHubState } from '../../server/discovery/hub-state-file.js';
import { createSession } from '../support/sessions.js';
import { makeTempHome, startTestHub, testEnv, type TestHub } from '../support/test-hub.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function hub(extraEnv: NodeJS.ProcessEnv = {}): Promise<TestHub> {
  const started = await startTestHub({ env: extraEnv });
  cleanups.push(() => started.stop());
  return started;
}

describe('read-only commands write nothing', () => {
  it('status and answer against a data dir with no hub create no folder and no credential', async () => {
    const home = join(await tempDir(), 'never-created');
    const env = testEnv(home);
    const status = runCli(['status'], env);
    expect(await status.code).toBe(3);
    expect(status.stdout()).toContain(`data dir:  ${home}`);
    expect(status.stdout()).toMatch(/hub: +not running/);
    const answer = runCli(['answer', 'ch_x', '-o', 'a'], env);
    expect(await answer.code).toBe(1);
    expect(answer.stderr()).toContain(`no gatehouse hub is running for ${home}`);
    expect(existsSync(home)).toBe(false);
  });

  it('answer against an existing data dir with no hub leaves it as it was', async () => {
    const home = await makeTempHome();
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    const answer = runCli(['answer', 'ch_x', '-o', 'a'], testEnv(home));
    expect(await answer.code).toBe(1);
    expect(await readdir(home)).toEqual([]);
    expect(existsSync(dataPaths(home).credential)).toBe(false);
  });
});

describe('gatehouse status', () => {
  it('reports the running hub, its pending work and the tools found, as text and as JSON', async () => {
    const bin = await tempDir();
    const fakeTsci = join(bin, 'tsci');
    await writeFile(fakeTsci, '#!/bin/sh\necho "tsci 9.9.9-test"\n');
    await chmod(fakeTsci, 0o755);
    const h = await hub({ GATEHOUSE_TSCI: fakeTsci });
    await createSession(h, { prompt: 'waiting', options: [{ id: 'a', label: 'A' }], interface: 'web' });

    const json = runCli(['status', '--json'], h.env);
    expect(await json.code).toBe(0);
    const report = JSON.parse(json.stdout());
    expect(report).toMatchObject({
      gatehouse: expect.any(String),
      node: process.versions.node,
      hub: { state: 'running', pid: h.process.pid, port: Number(new URL(h.baseUrl).port), data_dir: h.home, pending: { active: { choice: 1 }, waiting_on_person: 1 } },
      tools: { tsci: { command: fakeTsci, version: 'tsci 9.9.9-test' } },
    });
    expect(Object.keys(report.tools)).toEqual(['tsci', 'claude', 'codex', 'gemini', 'qwen', 'aider']);
    expect(json.stdout()).not.toContain(h.token);

    const text = runCli(['status'], h.env);
    expect(await text.code).toBe(0);
    expect(text.stdout()).toContain(`hub:       running, pid ${h.process.pid}, port ${new URL(h.baseUrl).port}`);
    expect(text.stdout()).toContain('pending:   1 choice(s), 0 resolve task(s), 0 orchestrated task(s) active; 1 waiting on a person');
    expect(text.stdout()).toContain('tsci:      tsci 9.9.9-test');
  });
});

describe('gatehouse stop', () => {
  it('stops the hub of the data dir cleanly; a pending choice comes back with the next hub', async () => {
    const h = await hub();
    const id = await createSession(h, { prompt: 'keep me', options: [{ id: 'a', label: 'A' }], interface: 'web' });
    const exited = new Promise((r) => h.process.once('exit', (code, signal) => r({ code, signal })));
    const stop = runCli(['stop'], h.env);
    expect(await stop.code).toBe(0);
    expect(stop.stdout()).toContain(`stopped the hub (pid ${h.process.pid}`);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(existsSync(dataPaths(h.home).hubState)).toBe(false);

    const again = runCli(['stop'], h.env);
    expect(await again.code).toBe(0);
    expect(again.stdout()).toContain(`no hub is running for ${h.home}`);

    const next = await h.restart();
    cleanups.push(() => next.stop());
    const { session } = await next.client.request<{ session: { status: string } }>('GET', `/api/sessions/${id}`);
    expect(session.status).toBe('pending');
  });
});

describe('the demo, start to stop', () => {
  it('ends by showing a stop command that works from anywhere, and that command stops the hub it started', async () => {
    const home = await makeTempHome();
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    const env = testEnv(home);
    const demo = runCli(['demo'], env);
    await until(() => /Sample interaction (ch_[\w-]+)/.test(demo.stdout()));
    const id = /Sample interaction (ch_[\w-]+)/.exec(demo.stdout())![1]!;
    const state = (await readHubState(dataPaths(home).hubState))!;
    cleanups.push(async () => {
      if (isAlive(state.pid)) process.kill(state.pid, 'SIGTERM');
    });
    const answer = runCli(['answer', id, '-o', 'pg'], env);
    expect(await answer.code).toBe(0);
    expect(await demo.code).toBe(0);
    expect(demo.stdout()).toContain('"status": "submitted"');
    const stopLine = /stop: +(.+)/.exec(demo.stdout())![1]!;
    expect(stopLine).toMatch(/ stop$/);

    const elsewhere = await tempDir();
    const shellEnv: NodeJS.ProcessEnv = { ...env, PATH: '/usr/bin:/bin' };
    delete shellEnv.GATEHOUSE_HOME;
    const sh = spawn('sh', ['-c', stopLine], { cwd: elsewhere, env: shellEnv, stdio: 'ignore' });
    expect(await new Promise((r) => sh.on('close', r))).toBe(0);
    expect(isAlive(state.pid)).toBe(false);
    expect(await readHubState(dataPaths(home).hubState)).toBeNull();
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import { HubRequestError } from '../../server/hub-client/hub-client.js';
import { cliLauncher } from '../../server/package-info.js';
import { startTestMcp } from '../support/mcp-client.js';
import { makeTempHome, startTestHub, testEnv, type TestHub } from '../support/test-hub.js';

/** chattr +i works here (root on ext4/xfs; not on tmpfs or without CAP_LINUX_IMMUTABLE). */
async function canMakeImmutable(): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-chattr-'));
  const ok = spawnSync('chattr', ['+i', dir]).status === 0;
  if (ok) spawnSync('chattr', ['-i', dir]);
  await rm(dir, { recursive: true, force: true });
  return ok;
}
const immutable = await canMakeImmutable();
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** A data directory straight under /tmp (vitest's own temp folder is closed to other users). */
const homeUnderTmp = () => mkdtemp('/tmp/gatehouse-owner-');

/** Runs the CLI (`gatehouse <args>`) against the hub's data directory. */
function cli(env: NodeJS.ProcessEnv, args: string[], opts: { uid?: number } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliLauncher, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.uid } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const question = { prompt: 'Which database?', options: [{ id: 'pg', label: 'Postgres' }, { id: 'lite', label: 'SQLite' }], interface: 'web' };

async function refusal(hub: TestHub, method: string, path: string, body: unknown): Promise<HubRequestError> {
  const err = await hub.client.request(method, path, body).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(HubRequestError);
  return err as HubRequestError;
}

describe.skipIf(!immutable)('a sessions/ folder the hub cannot write (immutable, chattr +i): the reason, never "internal error"', () => {
  let hub: TestHub;
  let sessionsDir = '';
  afterAll(async () => {
    spawnSync('chattr', ['-i', sessionsDir]);
    await hub?.stop();
  });

  it('the agent, the portal and `gatehouse answer` get the path, what the system said and the fix; health and status say degraded; a refused create leaves nothing', async () => {
    hub = await startTestHub();
    sessionsDir = dataPaths(hub.home).sessions;
    const { session: earlier } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', question);
    const before = (await readdir(sessionsDir)).sort();
    expect(spawnSync('chattr', ['+i', sessionsDir]).status).toBe(0);

    // The agent: provide_choice through MCP.
    const mcp = await startTestMcp(hub.env);
    try {
      const result = await mcp.raw('provide_choice', { prompt: 'Ship it?', options: [{ id: 'y', label: 'Yes' }], interface: 'web' });
      expect(result.isError).toBe(true);
      const text = result.content.map((c) => c.text).join('');
      expect(text).not.toContain('internal error');
      expect(text).toContain(sessionsDir);
      expect(text).toContain('immutable');
      expect(text).toContain('the system said: EPERM');
      expect(text).toContain(`chattr -i "${sessionsDir}"`);
    } finally {
      await mcp.close();
    }
    // Nothing left behind: no file, no listed session.
    expect((await readdir(sessionsDir)).sort()).toEqual(before);
    const history = await hub.client.request<{ interactions: Array<{ id: string }> }>('GET', '/api/interactions?filter=active');
    expect(history.interactions.map((i) => i.id)).toEqual([earlier.id]);

    // The portal's submit (interface web): 503 storage_unavailable with the reason; the session stays pending.
    const portal = await refusal(hub, 'POST', `/api/sessions/${earlier.id}/submit`, { selected_ids: ['pg'], interface: 'web' });
    expect(portal.status).toBe(503);
    expect(portal.code).toBe('storage_unavailable');
    expect(portal.message).toContain(`${sessionsDir} cannot be written, even by its owner: it is probably immutable`);
    const { session: still } = await hub.client.request<{ session: { status: string } }>('GET', `/api/sessions/${earlier.id}`);
    expect(still.status).toBe('pending');

    // `gatehouse answer`
    const answer = await cli(hub.env, ['answer', earlier.id, '--option', 'pg']);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(sessionsDir);
    expect(answer.stderr).toContain('immutable');
    expect(answer.stderr).not.toContain('internal error');

    // /api/health and `gatehouse status`
    const health = await hub.client.request<{ ok: boolean; status: string; problems: string[] }>('GET', '/api/health');
    expect(health.status).toBe('degraded');
    expect(health.problems.join('\n')).toContain(sessionsDir);
    const status = await cli(hub.env, ['status']);
    expect(status.code).toBe(4);
    expect(status.stdout).toMatch(/hub: +DEGRADED \(running, but cannot save\)/);
    expect(status.stdout).toContain(`problem:   ${sessionsDir}`);
    const json = JSON.parse((await cli(hub.env, ['status', '--json'])).stdout);
    expect(json.hub.degraded[0]).toContain('immutable');

    // Fixed by hand: the hub is fine again and the same answer goes through.
    expect(spawnSync('chattr', ['-i', sessionsDir]).status).toBe(0);
    expect((await hub.client.request<{ status: string }>('GET', '/api/health')).status).toBe('ok');
    expect((await cli(hub.env, ['answer', earlier.id, '--option', 'pg'])).code).toBe(0);
  });
});

describe.skipIf(!immutable)('a data directory the hub cannot write (immutable): settings and Telegram settings say why', () => {
  it('PUT /api/settings and PUT /api/channels/telegram answer 503 naming the data directory; health says degraded; nothing half-written', async () => {
    const hub = await startTestHub();
    const before = (await readdir(hub.home)).sort();
    expect(spawnSync('chattr', ['+i', hub.home]).status).toBe(0);
    try {
      for (const [path, body] of [['/api/settings', { language: 'zh' }], ['/api/channels/telegram', { chat_id: '12345' }]] as const) {
        const err = await refusal(hub, 'PUT', path, body);
        expect(err.status, path).toBe(503);
        expect(err.message, path).toContain(`${hub.home} cannot be written, even by its owner: it is probably immutable`);
      }
      expect((await readdir(hub.home)).sort()).toEqual(before);
      expect((await hub.client.request<{ settings: { language: string | null } }>('GET', '/api/settings')).settings.language).not.toBe('zh');
      const health = await hub.client.request<{ status: string; problems: string[] }>('GET', '/api/health');
      expect(health.status).toBe('degraded');
      expect(health.problems[0]).toContain(hub.home);
    } finally {
      spawnSync('chattr', ['-i', hub.home]);
      await hub.stop();
    }
  });
});

describe.skipIf(!isRoot)('a sessions/ folder on a read-only mount, and one owned by another user', () => {
  it('read-only (EROFS): the reason says read-only file system, health says degraded', async (ctx) => {
    const hub = await startTestHub();
    const sessionsDir = dataPaths(hub.home).sessions;
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', sessionsDir]).status !== 0) {
      await hub.stop();
      ctx.skip();
    }
    try {
      const err = await refusal(hub, 'POST', '/api/sessions', question);
      expect(err.status).toBe(503);
      expect(err.message).toContain(`${sessionsDir} is on a read-only file system (the system said: EROFS`);
      const health = await hub.client.request<{ status: string; problems: string[] }>('GET', '/api/health');
      expect(health.status).toBe('degraded');
      expect(health.problems[0]).toContain('read-only file system');
    } finally {
      spawnSync('umount', [sessionsDir]);
      await hub.stop();
    }
  });

  it('wrong owner: a hub running as nobody whose sessions/ became root\'s says "owned by root"', async () => {
    const home = await homeUnderTmp();
    await chown(home, NOBODY, NOBODY);
    const env = testEnv(home);
    const child = spawn(process.execPath, [cliLauncher, 'hub', '--background'], { env, uid: NOBODY, gid: NOBODY, stdio: 'ignore' });
    const paths = dataPaths(home);
    try {
      const deadline = Date.now() + 15_000;
      let health: { status: string; problems: string[] } | null = null;
      while (Date.now() < deadline && !health) {
        const status = await cli(env, ['status', '--json']);
        if (status.code === 0) health = JSON.parse(status.stdout).hub;
        else await new Promise((r) => setTimeout(r, 50));
      }
      expect(health).not.toBeNull();
      await chown(paths.sessions, 0, 0);
      await chmod(paths.sessions, 0o755);
      const status = await cli(env, ['status']);
      expect(status.code).toBe(4);
      expect(status.stdout).toContain(`${paths.sessions} is owned by root, and gatehouse runs as nobody`);
      expect(status.stdout).toContain('sudo chown -R nobody');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('a sessions/ that is a file, or a settings.json that is a directory, is set aside and the hub runs on a fresh one', () => {
  it('sessions/ is a file: kept in set-aside/, the warning says where, and gates work', async () => {
    const home = await makeTempHome();
    const paths = dataPaths(home);
    await writeFile(paths.sessions, 'not a folder');
    const hub = await startTestHub({ home });
    try {
      expect((await stat(paths.sessions)).isDirectory()).toBe(true);
      const kept = (await readdir(paths.setAside)).find((n) => n.endsWith('-sessions'))!;
      expect(await readFile(join(paths.setAside, kept), 'utf8')).toBe('not a folder');
      const health = await hub.client.request<{ status: string; warnings: string[] }>('GET', '/api/health');
      expect(health.status).toBe('ok');
      expect(health.warnings).toEqual([`is not a folder (from ${paths.sessions}; kept in ${join(paths.setAside, kept)})`]);
      expect(await readFile(paths.log, 'utf8')).toContain(`sessions/ was not a folder; set it aside (kept in ${join(paths.setAside, kept)})`);
      const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', question);
      expect(await readdir(paths.sessions)).toEqual([`${session.id}.json`]);
    } finally {
      await hub.stop();
    }
  });

  it('settings.json is a directory: kept in set-aside/ with what it held, defaults in force, and a change is saved', async () => {
    const home = await makeTempHome();
    const paths = dataPaths(home);
    await mkdir(paths.settings);
    await writeFile(join(paths.settings, 'inside.txt'), 'kept');
    const hub = await startTestHub({ home });
    try {
      const kept = (await readdir(paths.setAside)).find((n) => n.endsWith('-settings.json'))!;
      expect(await readFile(join(paths.setAside, kept, 'inside.txt'), 'utf8')).toBe('kept');
      const health = await hub.client.request<{ warnings: string[] }>('GET', '/api/health');
      expect(health.warnings).toEqual([`is a directory, not a file (from ${paths.settings}; kept in ${join(paths.setAside, kept)})`]);
      expect(await readFile(paths.log, 'utf8')).toContain(`settings.json is a directory, not a file; set it aside (kept in ${join(paths.setAside, kept)})`);
      await hub.client.request('PUT', '/api/settings', { language: 'zh' });
      expect(JSON.parse(await readFile(paths.settings, 'utf8')).language).toBe('zh');
    } finally {
      await hub.stop();
    }
  });
});

describe('a refusal to start names the cause in words', () => {
  it('a data directory that is a link to a folder which does not exist', async () => {
    const base = await makeTempHome();
    const home = join(base, 'home');
    await symlink(join(base, 'gone', 'gatehouse'), home);
    const result = await cli(testEnv(home), ['hub']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${home} is a link to ${join(base, 'gone', 'gatehouse')} which does not exist`);
    expect(result.stderr).toContain(`rm "${home}"`);
    // The agent whose MCP server had to start that hub hears the same words.
    const mcp = await startTestMcp(testEnv(home));
    try {
      const answer = await mcp.raw('provide_choice', { prompt: 'p', options: [{ id: 'a', label: 'A' }], interface: 'web' });
      expect(answer.isError).toBe(true);
      expect(answer.content.map((c) => c.text).join('')).toContain(`is a link to ${join(base, 'gone', 'gatehouse')} which does not exist`);
    } finally {
      await mcp.close();
    }
    await rm(base, { recursive: true, force: true });
  });

  it.skipIf(!isRoot)('a data directory owned by root, for a hub run as nobody: "owned by root", with the fix', async () => {
    const home = await homeUnderTmp();
    await chmod(home, 0o700); // root's, closed to others
    const env = testEnv(home);
    const result = await cli(env, ['hub'], { uid: NOBODY });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`is owned by root, and gatehouse runs as nobody`);
    expect(result.stderr).toContain(`sudo chown -R nobody "${home}"`);
    expect(result.stderr).not.toMatch(/^gatehouse hub could not start: EACCES/m);
    await rm(home, { recursive: true, force: true });
  });
});

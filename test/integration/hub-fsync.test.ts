import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const hasStrace = spawnSync('strace', ['-V']).status === 0;

/** The hub's system calls while `act` runs, as strace saw them (all threads, file descriptors shown as paths). */
async function traced(pid: number, act: () => Promise<void>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-strace-'));
  const out = join(dir, 'trace');
  const strace = spawn('strace', ['-f', '-y', '-s', '64', '-e', 'trace=fsync,fdatasync,rename,renameat,renameat2,write,writev', '-o', out, '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  // strace says "Process <pid> attached" on stderr once it traces the hub: act only then.
  await new Promise<void>((resolve, reject) => {
    strace.stderr.on('data', (d: Buffer) => {
      said += String(d);
      if (said.includes('attached')) resolve();
    });
    strace.once('exit', (code) => reject(new Error(`strace exited (${code}) before attaching: ${said}`)));
  });
  try {
    await act();
  } finally {
    const exited = new Promise((r) => strace.once('exit', r));
    strace.kill('SIGINT');
    await exited;
  }
  const lines = (await readFile(out, 'utf8')).split('\n');
  await rm(dir, { recursive: true, force: true });
  return lines;
}

describe.skipIf(!hasStrace)('an answer is on disk before it is acknowledged (traced with strace)', () => {
  let hub: TestHub;
  beforeAll(async () => (hub = await startTestHub()));
  afterAll(() => hub.stop());

  it('the session file and its folder are fsynced, in that order around the rename, before the 200 is written', async () => {
    const { session } = await hub.client.request<{ session: { id: string } }>('POST', '/api/sessions', { prompt: 'Which database?', options: [{ id: 'pg', label: 'Postgres' }], interface: 'web' });
    const lines = await traced(hub.process.pid!, async () => {
      await hub.client.request('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['pg'] });
    });
    const at = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l));
    const file = `sessions/${session.id}.json`;
    const fileSynced = at(new RegExp(`fsync\\(\\d+<[^>]*${file}\\.[\\w.]+\\.tmp>\\) = 0`));
    const renamed = at(new RegExp(`rename\\w*\\(.*${file}\\.[\\w.]+\\.tmp", .*${file}"\\) = 0`));
    const dirSynced = at(/fsync\(\d+<[^>]*\/sessions>\) = 0/);
    const acknowledged = at(/write\w*\(\d+<(socket|TCP)[^>]*>, .*HTTP\/1\.1 200/);
    const seen = lines.filter((l) => /fsync|rename|HTTP\/1\.1/.test(l)).join('\n');
    expect(fileSynced, seen).toBeGreaterThanOrEqual(0);
    expect(renamed, seen).toBeGreaterThan(fileSynced);
    expect(dirSynced, seen).toBeGreaterThan(renamed);
    expect(acknowledged, seen).toBeGreaterThan(dirSynced);
  });
});

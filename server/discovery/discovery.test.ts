import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureCredential } from './credential.js';
import { tryLock } from './file-lock.js';

const temp = () => mkdtemp(join(tmpdir(), 'gh-discovery-'));

describe('credential', () => {
  it('is created once (0600) and every racer gets the same token', async () => {
    const file = join(await temp(), 'credential');
    const tokens = await Promise.all(Array.from({ length: 20 }, () => ensureCredential(file)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0].length).toBeGreaterThanOrEqual(32);
    expect(await readFile(file, 'utf8')).toBe(tokens[0]);
  });
});

describe('file lock', () => {
  it('is held by exactly one of many racers', async () => {
    const file = join(await temp(), 'lock');
    const results = await Promise.all(Array.from({ length: 20 }, () => tryLock(file)));
    expect(results.filter(Boolean)).toHaveLength(1);
    await results.find(Boolean)!();
    expect(await tryLock(file)).not.toBeNull();
  });

  it('takes over a lock whose holder is dead, but not one whose holder lives', async () => {
    const dir = await temp();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    await writeFile(join(dir, 'dead'), String(dead.pid));
    expect(await tryLock(join(dir, 'dead'), Number.POSITIVE_INFINITY)).not.toBeNull();
    await writeFile(join(dir, 'alive'), String(process.pid));
    expect(await tryLock(join(dir, 'alive'), Number.POSITIVE_INFINITY)).toBeNull();
  });
});

import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageVersion } from '../package-info.js';
import { readHandshakeSnapshot } from './handshake-snapshot.js';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'handshake-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

const good = { version: packageVersion, initialize: { '2025-06-18': { protocolVersion: '2025-06-18' } }, otherVersion: { protocolVersion: '2025-11-25' }, toolsList: { tools: [] } };

async function files(snapshot: unknown, snapshotAge: number, codeAge: number) {
  const [snap, code] = [join(dir, 'mcp-handshake.json'), join(dir, 'code.mjs')];
  await writeFile(snap, typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot));
  await writeFile(code, '');
  const now = Date.now() / 1000;
  await utimes(snap, now - snapshotAge, now - snapshotAge);
  await utimes(code, now - codeAge, now - codeAge);
  return { snap, code };
}

describe('readHandshakeSnapshot', () => {
  it('reads a snapshot recorded after the code was built, by this version', async () => {
    const { snap, code } = await files(good, 10, 20);
    expect(readHandshakeSnapshot(code, snap)).toEqual(good);
  });

  it.each([
    ['older than the code (compiled again since)', good, 20, 10],
    ['recorded by another version', { ...good, version: '0.0.0-other' }, 10, 20],
    ['without a tools list', { ...good, toolsList: undefined }, 10, 20],
    ['not JSON', '{"version": ', 10, 20],
  ])('ignores one %s, so the SDK answers itself', async (_name, snapshot, snapshotAge, codeAge) => {
    const { snap, code } = await files(snapshot, snapshotAge, codeAge);
    expect(readHandshakeSnapshot(code, snap)).toBeNull();
  });

  it('ignores a missing one', () => {
    expect(readHandshakeSnapshot(join(dir, 'code.mjs'), join(dir, 'none.json'))).toBeNull();
  });
});

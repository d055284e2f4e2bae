import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentKeys, type AgentKeyView } from './agent-keys.js';
import { pairedStatus, pendingByKey, SILENT_AFTER_MS } from './paired-status.js';
import { connectString, parseConnectString } from './connect-string.js';
import { parseDuration } from './duration.js';

describe('parseDuration (--expires)', () => {
  it('takes s, m, h and d', () => {
    expect([parseDuration('45s', '--expires'), parseDuration('90m', '--expires'), parseDuration('12h', '--expires'), parseDuration('30d', '--expires')]).toEqual([45, 5400, 43_200, 2_592_000]);
  });
  it('refuses anything else, naming the flag', () => {
    expect(() => parseDuration('30', '--expires')).toThrow('--expires: expected a whole number and a unit s, m, h or d');
    expect(() => parseDuration('1.5d', '--expires')).toThrow('--expires:');
    expect(() => parseDuration('0d', '--expires')).toThrow('--expires: must be more than 0');
    expect(() => parseDuration('9999d', '--expires')).toThrow('--expires: must be at most 3650d');
  });
});

describe('connect strings', () => {
  const key = `ghk_AAAAAAAAAAA_${'B'.repeat(43)}`;
  const fp = 'ab'.repeat(32);
  it('round-trip the address, the key and the fingerprint', () => {
    const line = connectString({ hub: 'https://10.0.0.5:47823', key, fingerprint: fp.toUpperCase().match(/../g)!.join(':') });
    expect(line).toBe(`gatehouse+https://10.0.0.5:47823/?key=${key}&fp=${fp}`);
    expect(parseConnectString(line, {})).toEqual({ hub: 'https://10.0.0.5:47823', key, fingerprint: fp });
  });
  it('say which part is wrong', () => {
    expect(() => parseConnectString('https://10.0.0.5/?key=x', {})).toThrow('connect string: must start with gatehouse+https://');
    expect(() => parseConnectString('gatehouse+https://[oops/?key=x', {})).toThrow('connect string: the address after gatehouse+http(s):// is not host:port');
    expect(() => parseConnectString('gatehouse+https://10.0.0.5:1/?fp=' + fp, {})).toThrow('connect string: no agent key');
    expect(() => parseConnectString(`gatehouse+https://10.0.0.5:1/?key=${key}`, {})).toThrow("an https hub needs its certificate's fingerprint");
    expect(() => parseConnectString(`gatehouse+https://10.0.0.5:1/?key=${key}&fp=abc`, {})).toThrow('must be 64 hex digits');
    expect(() => parseConnectString(`gatehouse+http://10.0.0.5:1/?key=${key}`, {})).toThrow('which is not loopback');
    expect(parseConnectString(`gatehouse+http://10.0.0.5:1/?key=${key}`, { GATEHOUSE_ALLOW_PLAIN_HTTP: '1' }).hub).toBe('http://10.0.0.5:1');
    expect(parseConnectString(`gatehouse+http://127.0.0.1:1/?key=${key}`, {}).fingerprint).toBeNull();
  });
});

describe('AgentKeys', () => {
  let dir = '';
  let now = Date.parse('2026-01-01T00:00:00Z');
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'agent-keys-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores a hash only (0600), checks the key, and notes when and from where it was used', async () => {
    const keys = await AgentKeys.open(join(dir, 'agent-keys.json'), () => now);
    const { key } = await keys.create('devbox', null);
    const text = await readFile(join(dir, 'agent-keys.json'), 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(16)); // the secret: after ghk_ and the 11-character id
    expect((await stat(join(dir, 'agent-keys.json'))).mode & 0o777).toBe(0o600);
    expect(keys.check(key, '10.0.0.7')).toEqual({ ok: true, holder: { id: key.slice(4, 15), name: 'devbox' } });
    expect(keys.list()[0]).toMatchObject({ name: 'devbox', state: 'live', last_used_from: '10.0.0.7', last_used_at: '2026-01-01T00:00:00.000Z' });
    expect(keys.check(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'), null)).toMatchObject({ ok: false, message: expect.stringContaining('not known to this hub') });
    const reopened = await AgentKeys.open(join(dir, 'agent-keys.json'), () => now);
    expect(reopened.check(key, null).ok).toBe(true);
    // Its first check saves the last use in the background: done before the folder is removed (ENOTEMPTY on a busy machine).
    await reopened.save();
  });

  it('revokes at once and expires, each refusal naming the key; a live name cannot be taken twice', async () => {
    const keys = await AgentKeys.open(join(dir, 'agent-keys.json'), () => now);
    const a = await keys.create('devbox', 60);
    await expect(keys.create('devbox', null)).rejects.toThrow('a live key named "devbox" exists');
    await expect(keys.create('two words', null)).rejects.toThrow('name: must be 1–40 letters');
    now += 61_000;
    expect(keys.check(a.key, null)).toMatchObject({ ok: false, message: expect.stringMatching(/^agent key "devbox" expired at 2026-01-01T00:01:00.000Z; .*gatehouse pair --name devbox/) });
    expect(keys.hasLive()).toBe(false);
    const b = await keys.create('devbox', null); // an expired key's name is free again; the old key stays refused
    expect(keys.check(a.key, null).ok).toBe(false);
    await keys.revoke('devbox');
    expect(keys.check(b.key, null)).toMatchObject({ ok: false, message: expect.stringContaining('agent key "devbox" was revoked at') });
    await expect(keys.revoke('nobody')).rejects.toThrow('no agent key is named "nobody"');
  });
});

describe('gatehouse pair lines', () => {
  const answer = { key: `ghk_AAAAAAAAAAA_${'B'.repeat(43)}`, agent_key: { name: 'devbox', expires_at: null }, hub: { url: 'http://127.0.0.1:47823', fingerprint: null } };
  it('--ssh: the tunnel to keep open, and the connect to run there naming its own loopback', async () => {
    const { sshLines } = await import('./pair-lines.js');
    const lines = sshLines(answer, 'ann@devbox');
    expect(lines[1]).toBe('ssh -N -o ExitOnForwardFailure=yes -R 127.0.0.1:47823:127.0.0.1:47823 ann@devbox');
    expect(lines[3]).toBe(`ssh ann@devbox gatehouse connect 'gatehouse+http://127.0.0.1:47823/?key=${answer.key}'`);
  });
  it('--address names the hub by what the other machine reaches it as; a hub on every address by an outward one', async () => {
    const { connectLine, hubAddressFor } = await import('./pair-lines.js');
    expect(connectLine({ ...answer, hub: { url: 'https://10.0.0.5:47823', fingerprint: 'ab'.repeat(32) } }, 'host.docker.internal')).toBe(`gatehouse+https://host.docker.internal:47823/?key=${answer.key}&fp=${'ab'.repeat(32)}`);
    expect(hubAddressFor('https://0.0.0.0:47823', undefined)).not.toContain('0.0.0.0');
  });
});

describe('the paired machines as a channel', () => {
  const key = (over: Partial<AgentKeyView>): AgentKeyView => ({ id: 'k1', name: 'devbox', state: 'live', created_at: '2026-01-01T00:00:00Z', expires_at: null, revoked_at: null, last_used_at: '2026-01-01T00:00:00Z', last_used_from: '10.0.0.7', ...over });
  const at = Date.parse('2026-01-01T00:00:00Z');
  it('off with no live key, ok naming each machine and where from, down for one with gates pending and silent too long', () => {
    expect(pairedStatus([key({ state: 'revoked' })], new Map(), at).state).toBe('off');
    expect(pairedStatus([key({}), key({ id: 'k2', name: 'ci', last_used_at: null, last_used_from: null })], new Map(), at)).toEqual({ state: 'ok', detail: 'devbox (10.0.0.7), ci (not used yet)' });
    expect(pairedStatus([key({})], new Map([['k1', 2]]), at + SILENT_AFTER_MS).state).toBe('ok');
    expect(pairedStatus([key({})], new Map([['k1', 2]]), at + SILENT_AFTER_MS + 1)).toEqual({ state: 'down', detail: 'not heard from: devbox (2 gate(s) pending, last heard 2026-01-01T00:00:00Z)' });
    expect(pendingByKey([{ status: 'pending', source: { machine_key: 'k1' } }, { status: 'submitted', source: { machine_key: 'k1' } }, { status: 'pending', source: null }])).toEqual(new Map([['k1', 1]]));
  });
});

import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clipInput, parseDuration, PermissionLog, readPermissionLog, type NewPermissionRecord } from './permission-log.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-permission-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = (detail: string, time = new Date().toISOString()): NewPermissionRecord => ({
  time,
  agent: 'claude',
  agent_session: 's',
  project: '/p',
  cwd: '/p',
  tool: 'Bash',
  detail,
  input: { command: detail },
  decision: 'allow',
  decided_by: { kind: 'rule', text: 'rule Bash(x) (allow)' },
  gate: null,
  ms: 1,
});

describe('the permission log', () => {
  it('appends one line per record in call order, and reads them back; a torn line is skipped and counted', async () => {
    const log = new PermissionLog(join(dir, 'permissions.jsonl'));
    await Promise.all(['a', 'b', 'c'].map((d) => log.append(record(d))));
    await appendFile(log.file, '{"v":1,"time":"2026-');
    const read = await readPermissionLog(log.file);
    expect(read.records.map((r) => r.detail)).toEqual(['a', 'b', 'c']);
    expect(read.skipped).toBe(1);
    expect((await readFile(log.file, 'utf8')).split('\n').length).toBe(4);
  });

  it('since leaves older records out; no file is no records', async () => {
    const log = new PermissionLog(join(dir, 'permissions.jsonl'));
    await log.append(record('old', '2020-01-01T00:00:00.000Z'));
    await log.append(record('new'));
    expect((await readPermissionLog(log.file, Date.now() - parseDuration('7d', '--since'))).records.map((r) => r.detail)).toEqual(['new']);
    expect(await readPermissionLog(join(dir, 'none.jsonl'))).toEqual({ records: [], skipped: 0 });
  });

  it('durations: s, m, h, d; anything else names the flag', () => {
    expect(parseDuration('45s', '--since')).toBe(45_000);
    expect(parseDuration('30m', '--since')).toBe(1_800_000);
    expect(parseDuration('2h', '--since')).toBe(7_200_000);
    expect(parseDuration('7d', '--since')).toBe(604_800_000);
    for (const bad of ['7', 'd', '7w', '-1d', '1.5h', '']) expect(() => parseDuration(bad, '--since')).toThrow(/^--since: expected a number and a unit/);
  });

  it('long strings in the input are clipped; the rest is kept', () => {
    const clipped = clipInput({ command: 'npm test', content: 'x'.repeat(20_000), n: 3 }) as { command: string; content: string; n: number };
    expect(clipped.command).toBe('npm test');
    expect(clipped.content.length).toBe(16_384);
    expect(clipped.n).toBe(3);
  });
});

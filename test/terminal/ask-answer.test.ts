import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { createSession } from './support/sessions.js';

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await hub?.stop();
});

interface Run {
  code: Promise<number>;
  stdout: () => string;
  stderr: () => string;
}

function gatehouse(args: string[]): Run {
  const child = spawn(process.execPath, [cliLauncher, ...args], { env: hub.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return { code: new Promise((r) => child.on('close', (c) => r(c ?? -1))), stdout: () => stdout, stderr: () => stderr };
}

/** The id `gatehouse ask` printed on stderr once it is waiting. */
async function askedId(run: Run): Promise<string> {
  for (;;) {
    const match = /Waiting for an answer to (ch_[\w-]+)/.exec(run.stderr());
    if (match) return match[1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('gatehouse ask / answer for scripts', () => {
  it('ask waits for `answer` and prints the JSON result (exit 0 both)', async () => {
    const ask = gatehouse(['ask', 'Deploy to which region?', '-o', 'eu=Europe', '-o', 'us=United States', '-r', 'eu', '--interface', 'web']);
    const id = await askedId(ask);
    const answer = gatehouse(['answer', id, '--option', 'us', '--note', 'latency', '-a', 'us=closer to users']);
    expect(await answer.code).toBe(0);
    expect(JSON.parse(answer.stdout())).toMatchObject({ status: 'submitted', selected: [{ id: 'us', label: 'United States' }] });
    expect(await ask.code).toBe(0);
    expect(JSON.parse(ask.stdout())).toMatchObject({ status: 'submitted', session_id: id, selected: [{ id: 'us', label: 'United States' }], global_annotation: 'latency', annotations: { us: 'closer to users' } });
  });

  it('exits 3 when cancelled (answer --cancel exits 3 too)', async () => {
    const ask = gatehouse(['ask', 'Drop the table?', '-o', 'Yes', '-o', 'No', '--interface', 'web']);
    const id = await askedId(ask);
    const cancel = gatehouse(['answer', id, '--cancel', '--note', 'not today']);
    expect(await cancel.code).toBe(3);
    expect(await ask.code).toBe(3);
    expect(JSON.parse(ask.stdout())).toMatchObject({ status: 'cancelled', global_annotation: 'not today' });
  });

  it('exits 4 on timeout, 0 with --default-on-timeout', async () => {
    const plain = gatehouse(['ask', 'Anyone there?', '-o', 'y=Yes', '--timeout', '10', '--interface', 'web']);
    const withDefault = gatehouse(['ask', 'Anyone there?', '-o', 'y=Yes', '-r', 'y', '--default-on-timeout', '--timeout', '10', '--interface', 'web']);
    expect(await plain.code).toBe(4);
    expect(JSON.parse(plain.stdout())).toMatchObject({ status: 'timeout', answered_by: null });
    expect(await withDefault.code).toBe(0);
    expect(JSON.parse(withDefault.stdout())).toMatchObject({ status: 'auto-submitted', answered_by: 'default', selected: [{ id: 'y', label: 'Yes' }] });
  }, 30_000);

  it('bad arguments and refused answers get clear errors and their exit codes', async () => {
    const noOptions = gatehouse(['ask', 'Hmm?']);
    expect(await noOptions.code).toBe(2);
    expect(noOptions.stderr()).toContain('options: must have at least 1 option');
    const noPrompt = gatehouse(['ask', '-o', 'a=A']);
    expect(await noPrompt.code).toBe(2);

    const id = await createSession(hub, { prompt: 'x', options: [{ id: 'a', label: 'A' }], interface: 'web' });
    const unknown = gatehouse(['answer', id, '--option', 'zzz']);
    expect(await unknown.code).toBe(1);
    expect(unknown.stderr()).toContain('selected_ids[0]: unknown option id "zzz"');
    expect(await gatehouse(['answer', id, '-o', 'a']).code).toBe(0);
    const late = gatehouse(['answer', id, '-o', 'a']);
    expect(await late.code).toBe(1);
    expect(late.stderr()).toMatch(/already ended with status submitted/);
    expect(await gatehouse(['answer', id]).code).toBe(2);
  });
});

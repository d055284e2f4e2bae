import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { runCli, type CliRun } from '../support/run-cli.js';
import { createSession, endedSession } from '../support/sessions.js';

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await hub?.stop();
});

type Run = CliRun;
const gatehouse = (args: string[]): Run => runCli(args, hub.env);

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
    // The result says who answered: `gatehouse answer`, not the portal the question was shown in.
    expect(JSON.parse(ask.stdout())).toMatchObject({ status: 'submitted', session_id: id, selected: [{ id: 'us', label: 'United States' }], global_annotation: 'latency', annotations: { us: 'closer to users' }, interface: 'cli' });
  });

  it('exits 3 when cancelled (answer --cancel exits 3 too)', async () => {
    const ask = gatehouse(['ask', 'Drop the table?', '-o', 'Yes', '-o', 'No', '--interface', 'web']);
    const id = await askedId(ask);
    const cancel = gatehouse(['answer', id, '--cancel', '--note', 'not today']);
    expect(await cancel.code).toBe(3);
    expect(await ask.code).toBe(3);
    expect(JSON.parse(ask.stdout())).toMatchObject({ status: 'cancelled', global_annotation: 'not today', interface: 'cli' });
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
    expect(noOptions.stderr()).toContain('gatehouse ask: --option: must have at least 1 option');
    const noPrompt = gatehouse(['ask', '-o', 'a=A']);
    expect(await noPrompt.code).toBe(2);

    const id = await createSession(hub, { prompt: 'x', options: [{ id: 'a', label: 'A' }], interface: 'web' });
    const unknown = gatehouse(['answer', id, '--option', 'zzz']);
    expect(await unknown.code).toBe(1);
    expect(unknown.stderr()).toContain('gatehouse answer: --option "zzz": unknown option id "zzz"; give an id or a number:\n  1. a  A\n');
    expect(await gatehouse(['answer', id, '-o', 'a']).code).toBe(0);
    // A late answer is told who answered where; the outcome stands.
    const late = gatehouse(['answer', id, '-o', 'a']);
    expect(await late.code).toBe(1);
    expect(late.stderr()).toContain('gatehouse answer: Already answered by you in the shell (gatehouse answer): A.');
    expect(await gatehouse(['answer', id]).code).toBe(2);
  });

  it('an option may be given by its number as shown; a wrong one lists every option with its number, id and label', async () => {
    const id = await createSession(hub, { prompt: 'Allow?', options: [{ id: 'yes', label: 'Yes, allow this once' }, { id: 'no', label: 'No' }], interface: 'web' });
    const wrong = gatehouse(['answer', id, '--option', '3']);
    expect(await wrong.code).toBe(1);
    expect(wrong.stderr()).toBe('gatehouse answer: --option "3": unknown option id "3"; give an id or a number:\n  1. yes  Yes, allow this once\n  2. no   No\n');
    const byNumber = gatehouse(['answer', id, '--option', '2']);
    expect(await byNumber.code).toBe(0);
    expect(JSON.parse(byNumber.stdout())).toMatchObject({ status: 'submitted', selected: [{ id: 'no', label: 'No' }], interface: 'cli' });
  });

  it.each([
    [['-o', '=A', '-o', 'b=B'], '--option "=A": the id before "=" is empty'],
    [['-o', 'a=', '-o', 'b=B'], '--option "a=": the label after "=" is empty'],
    [['-o', 'a=A', '--timeout', '-5'], '--timeout: must be 1 or more (got -5)'],
    [['-o', 'a=A', '--timeout', 'soon'], '--timeout: must be a whole number (got "soon")'],
    [['-o', 'a=A', '--timeout'], '--timeout: needs a value'],
    [['-o', 'a=A', '--min', 'x'], '--min: must be a whole number (got "x")'],
    [['-o', 'a=A', '-r', 'zzz'], '--recommended "zzz": no --option has this id (ids: a)'],
    [['-o', 'a=A', '--interface', 'chat'], '--interface: must be one of auto, web, terminal (got "chat")'],
    [['-o', 'a=A', '--colour', 'red'], 'unknown option "--colour"'],
  ])('ask %j is refused at once with our own message naming the flag (exit 2)', async (args, message) => {
    const run = gatehouse(['ask', 'Which one?', ...args]);
    expect(await run.code).toBe(2);
    expect(run.stderr()).toContain(`gatehouse ask: ${message}`);
    expect(run.stderr()).not.toMatch(/ambiguous|ERR_PARSE_ARGS/);
  });

  it('problems the hub finds are told in the flags the person typed', async () => {
    const run = gatehouse(['ask', 'Which one?', '-o', 'a=A', '-o', 'a=B', '--multi', '--min', '3']);
    expect(await run.code).toBe(2);
    expect(run.stderr()).toContain('--option #2 id: duplicate "a" (also --option #1 id)');
    expect(run.stderr()).toMatch(/--min: /);
  });

  it('says out loud when --timeout is clamped', async () => {
    const run = gatehouse(['ask', 'Quick one?', '-o', 'a=A', '--timeout', '5', '--no-wait', '--interface', 'web']);
    expect(await run.code).toBe(0);
    expect(run.stderr()).toContain('gatehouse ask: note: --timeout 5 is outside 10–86400; clamped to 10');
    const { session_id } = JSON.parse(run.stdout());
    await hub.client.request('POST', `/api/sessions/${session_id}/cancel`, {});
  });

  it('prints an answer command that works from any directory, without gatehouse on PATH', async () => {
    const ask = gatehouse(['ask', 'Ship it?', '-o', 'yes=Yes', '-o', 'no=No', '--interface', 'web']);
    const id = await askedId(ask);
    const line = /script: +(.+)/.exec(ask.stderr())![1]!.replace('<id>', 'yes');
    const elsewhere = await mkdtemp(join(tmpdir(), 'gatehouse-elsewhere-'));
    const env: NodeJS.ProcessEnv = { ...hub.env, PATH: '/usr/bin:/bin' };
    delete env.GATEHOUSE_HOME;
    const sh = spawn('sh', ['-c', line], { cwd: elsewhere, env, stdio: 'ignore' });
    expect(await new Promise((r) => sh.on('close', r))).toBe(0);
    await rm(elsewhere, { recursive: true, force: true });
    expect(await ask.code).toBe(0);
    expect((await endedSession(hub, id)).result).toMatchObject({ status: 'submitted', selected: [{ id: 'yes' }] });
  });
});

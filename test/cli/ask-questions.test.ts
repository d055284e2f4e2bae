import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { runCli, until } from '../support/run-cli.js';

let hub: TestHub;
let dir: string;
beforeAll(async () => {
  hub = await startTestHub();
  dir = await mkdtemp(join(tmpdir(), 'gh-ask-questions-'));
});
afterAll(async () => {
  await hub?.stop();
  await rm(dir, { recursive: true, force: true });
});

const questions = [
  { question: 'Which database?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }] },
  { question: 'Which extras?', header: 'Extras', multi_select: true, options: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }] },
];

async function file(name: string, content: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('gatehouse ask --questions / answer --answers', () => {
  it('asks several questions as one gate and prints the result with answers[]', async () => {
    const ask = runCli(['ask', 'Setting up the orders service', '--questions', await file('q.json', questions), '--interface', 'web'], hub.env);
    await until(() => /Waiting for an answer to ch_/.test(ask.stderr()));
    const id = /Waiting for an answer to (ch_[\w-]+)/.exec(ask.stderr())![1]!;
    expect(ask.stderr()).toContain(`answer ${id} --answers '[{"question_index": 0, "selected_ids": ["<id>"]}, …]'`);
    // `gatehouse answer --answers`: the hub's problems point into the JSON given; nothing is submitted.
    const wrong = runCli(['answer', id, '--answers', JSON.stringify([{ question_index: 0, selected_ids: ['pg'] }, { question_index: 1, selected_ids: ['nope'] }])], hub.env);
    expect(await wrong.code).toBe(1);
    expect(wrong.stderr()).toContain('answers[1].selected_ids[0]: unknown option id "nope"');
    const mixed = runCli(['answer', id, '--answers', '[]', '--option', 'pg'], hub.env);
    expect(await mixed.code).toBe(2);
    expect(mixed.stderr()).toContain('--answers carries every question\'s picks and own words: not with --option, --free-text or --annotation');
    const answer = runCli(['answer', id, '--answers', JSON.stringify([{ question_index: 0, selected_ids: ['pg'] }, { question_index: 1, selected_ids: ['cache', 'auth'] }]), '--note', 'ok'], hub.env);
    expect(await answer.code).toBe(0);
    expect(JSON.parse(answer.stdout())).toMatchObject({ status: 'submitted', interface: 'cli', global_annotation: 'ok' });
    expect(await ask.code).toBe(0);
    const result = JSON.parse(ask.stdout());
    expect(result.answers).toEqual([
      { question_index: 0, selected: [{ id: 'pg', label: 'PostgreSQL' }] },
      { question_index: 1, selected: [{ id: 'cache', label: 'Cache' }, { id: 'auth', label: 'Auth' }] },
    ]);
    const { session } = await hub.client.request<any>('GET', `/api/sessions/${id}`);
    expect(session.request).toMatchObject({ prompt: 'Setting up the orders service', title: 'Setting up the orders service', questions: [{ header: 'Database' }, { header: 'Extras' }] });
  });

  it('bad input is named: one-question flags with --questions, a file that is not JSON, a problem inside a question', async () => {
    const path = await file('q2.json', questions);
    const mixed = runCli(['ask', '--questions', path, '-o', 'a=A', '--multi'], hub.env);
    expect(await mixed.code).toBe(2);
    expect(mixed.stderr()).toContain('gatehouse ask: --option, --multi: not with --questions (each question in the file has its own options, multi_select and allow_free_text)');

    const notJson = runCli(['ask', '--questions', await file('bad.json', '[{question: 1'), '--no-wait'], hub.env);
    expect(await notJson.code).toBe(2);
    expect(notJson.stderr()).toMatch(/--questions ".*bad\.json": not JSON/);

    const missing = runCli(['ask', '--questions', join(dir, 'nope.json')], hub.env);
    expect(await missing.code).toBe(2);
    expect(missing.stderr()).toMatch(/--questions ".*nope\.json": cannot read it \(ENOENT\)/);

    const long = runCli(['ask', '--questions', await file('long.json', [{ ...questions[0], header: 'A very long chip' }]), '--no-wait'], hub.env);
    expect(await long.code).toBe(2);
    expect(long.stderr()).toContain('questions[0].header: must be at most 12 characters');
    const dup = runCli(['ask', '--questions', await file('dup.json', [{ ...questions[0], options: [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }] }]), '--no-wait'], hub.env);
    expect(await dup.code).toBe(2);
    expect(dup.stderr()).toContain('questions[0].options[1].id: duplicate "a" (also questions[0].options[0].id)');
  });
});

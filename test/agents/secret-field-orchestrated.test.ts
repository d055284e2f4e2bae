// A key typed into a CLI's own API-key field (a known dialog its adapter marks `secret`) under `gatehouse run`
// reaches the CLI and nothing else: not the task's view or screen, not the stored task and checkpoint files or the
// hub's log (the whole data dir is searched), not the bytes relayed to an attached terminal.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { recordTestedWith } from './tested-with.js';
import { dataPaths } from '../../server/config/data-paths.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';

const KEY = 'sk-test-SECRET123456';

let run: OrchestratedAgent | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await run?.close();
  run = null;
});

const asking = (prompt: string | RegExp) => (t: TaskView) =>
  t.status === 'WAITING_FOR_USER' && (typeof prompt === 'string' ? t.interaction?.prompt === prompt : prompt.test(t.interaction?.prompt ?? ''));

/** Every file under `dir` that holds `text`. */
function filesHolding(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) found.push(...filesHolding(path, text));
    else if (stat.isFile() && readFileSync(path).includes(text)) found.push(path);
  }
  return found;
}

/** Attaches to the task's terminal socket as a viewer does; every message it gets, as received. */
async function attach(r: OrchestratedAgent): Promise<string[]> {
  const messages: string[] = [];
  const socket = new WebSocket(r.hub.client.wsUrl(`/api/tasks/${encodeURIComponent(r.taskId)}/terminal`));
  sockets.push(socket);
  socket.on('message', (data) => messages.push(String(data)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return messages;
}

describe.skipIf(skipUnlessInstalled('codex'))('Codex, a key typed into its API-key field under gatehouse run', () => {
  it('reaches Codex (the key it signs its model requests with) and is masked in the task view, the stored files, the log and the terminal socket', { timeout: 300_000 }, async () => {
    recordTestedWith('codex', 'orchestrator', { covers: 'a key typed into its API-key field is masked in all gatehouse relays and stores' });
    // A person without OPENAI_API_KEY set: the key typed into the field is the one Codex signs its model requests
    // with (its built-in OpenAI provider pointed at the stand-in).
    const r = (run = await startOrchestratedAgent('codex', {
      autoApprove: true,
      seed: 'new',
      configure: (launch) => {
        delete launch.env.OPENAI_API_KEY;
        launch.args.push('-c', `openai_base_url=${JSON.stringify(launch.env.OPENAI_BASE_URL)}`);
      },
    }));
    const path = `/api/tasks/${encodeURIComponent(r.taskId)}`;
    await r.until(asking('Choose how you want to use Codex.'), 'the sign-in choice is the question', 90_000);
    await r.choose({ option: 'Sign in another way' });
    await r.until(asking('Sign in another way'), 'the next sign-in screen is the question');
    await r.choose({ option: 'Use an OpenAI API key' });
    await r.until(asking('Paste or type your API key below.'), 'the API key field is the question');
    const attachedBefore = await attach(r);

    // The person types the key (not submitted yet): the field shows it to Codex's own screen, masked to everyone else.
    await r.hub.client.request('POST', `${path}/input`, { text: KEY, submit: false });
    const shown = await r.until((t) => t.status === 'WAITING_FOR_USER' && (t.interaction?.screen ?? '').includes('•'.repeat(KEY.length)), 'the typed key is masked on the task’s screen');
    expect(shown.explain!.join('\n')).toContain(`a person's input ‹secret, ${KEY.length} characters›`);
    const live = await r.hub.client.request<{ screen: string }>('GET', path);
    expect(live.screen).toContain('•'.repeat(KEY.length));
    const attachedDuring = await attach(r);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attachedDuring.join('')).toContain('•'.repeat(KEY.length));

    await r.hub.client.request('POST', `${path}/input`, { keys: ['enter'] });
    await r.until(asking(/^Trust this folder\?/), 'the folder trust is the question');

    // Codex got the key: past its folder trust it works on the prompt, and signs its model request with the key.
    await r.choose({ option: 'Trust and continue' });
    const signed = await r.standin.waitFor((q) => String(q.headers.authorization ?? '').includes(KEY), 'a model request signed with the typed key', 60_000);
    expect(signed.headers.authorization).toBe(`Bearer ${KEY}`);
    // A viewer attaching now is repainted from the (masked) screen, not the transcript: Codex's echo of the key is in that.
    const attachedAfter = await attach(r);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // gatehouse relayed, stored and logged none of it.
    const views = [
      await r.hub.client.request('GET', path),
      await r.hub.client.request('GET', '/api/tasks'),
      await r.hub.client.request('GET', `/api/workflows/${encodeURIComponent(r.taskId.split('.')[0])}`),
    ];
    expect(JSON.stringify(views)).not.toContain(KEY);
    // In the data dir only Codex's own sign-in holds it: its home for this run (the task's folder, gone with the task).
    expect(filesHolding(r.hub.home, KEY).map((f) => relative(r.hub.home, f))).toEqual([`tasks/${r.taskId}/codex-home/auth.json`]);
    await r.hub.client.request('POST', `${path}/stop`);
    await r.exited();
    expect(filesHolding(r.hub.home, KEY)).toEqual([]);
    // The hub's log is among them (inside the data dir) and was written to.
    const log = dataPaths(r.hub.home).log;
    expect(log.startsWith(r.hub.home) && statSync(log).size).toBeGreaterThan(0);
    expect(attachedBefore.length).toBeGreaterThan(0);
    for (const messages of [attachedBefore, attachedDuring, attachedAfter]) expect(messages.join('\n')).not.toContain(KEY);
  });
});

describe.skipIf(skipUnlessInstalled('gemini'))('Gemini CLI, a key typed into its API-key field under gatehouse run', () => {
  it('reaches Gemini (the key it sends the model API) and is masked in the task view, the stored files, the log and the terminal socket', { timeout: 300_000 }, async () => {
    recordTestedWith('gemini', 'orchestrator', { covers: 'a key typed into its API-key field is masked in all gatehouse relays and stores' });
    // A person without GEMINI_API_KEY set: the key typed into the field is the one Gemini uses.
    const r = (run = await startOrchestratedAgent('gemini', { autoApprove: true, seed: 'new', configure: (launch) => delete launch.env.GEMINI_API_KEY }));
    const path = `/api/tasks/${encodeURIComponent(r.taskId)}`;
    await r.until(asking('Do you trust the files in this folder?'), 'the folder trust is the question', 120_000);
    await r.choose({ option: 'Trust folder (proj)' });
    await r.until(asking('How would you like to authenticate for this project?'), 'the sign-in choice is the question');
    await r.choose({ option: 'Use Gemini API Key' });
    await r.until(asking('Enter Gemini API Key'), 'the API key field is the question');
    const attachedBefore = await attach(r);

    await r.hub.client.request('POST', `${path}/input`, { text: KEY, submit: false });
    const shown = await r.until((t) => t.status === 'WAITING_FOR_USER' && (t.interaction?.screen ?? '').includes('•'.repeat(KEY.length)), 'the typed key is masked on the task’s screen');
    expect(shown.explain!.join('\n')).toContain(`a person's input ‹secret, ${KEY.length} characters›`);
    const attachedDuring = await attach(r);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attachedDuring.join('')).toContain('•'.repeat(KEY.length));

    await r.hub.client.request('POST', `${path}/input`, { keys: ['enter'] });
    await r.until((t) => t.status === 'DONE', 'the task is done');

    // Gemini got the key: it is what it sent the model API.
    expect(JSON.stringify(r.standin.requests.map((q) => q.headers))).toContain(KEY);
    const views = [await r.hub.client.request('GET', path), await r.hub.client.request('GET', '/api/tasks')];
    expect(JSON.stringify(views)).not.toContain(KEY);
    expect(filesHolding(r.hub.home, KEY)).toEqual([]);
    for (const messages of [attachedBefore, attachedDuring]) expect(messages.join('\n')).not.toContain(KEY);
  });
});

// A new user's first start of the real CLIs as tasks of `gatehouse run` (seed 'new': none of the CLI's own config):
// every first-run screen reaches the person as the task's question in the dialog's own words, the choices that
// open a browser or device sign-in marked, nothing answered by a policy even with autoApprove, and the person's
// picks go in with verified keys until the CLI reaches its prompt and the task's own prompt runs.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PROMPT, skipUnlessInstalled } from '../support/agent-hook-run.js';
import { recordTestedWith } from './tested-with.js';
import { startOrchestratedAgent, type OrchestratedAgent } from '../support/orchestrated-agent.js';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';

let run: OrchestratedAgent | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

const asking = (prompt: string | RegExp) => (t: TaskView) =>
  t.status === 'WAITING_FOR_USER' && (typeof prompt === 'string' ? t.interaction?.prompt === prompt : prompt.test(t.interaction?.prompt ?? ''));
const texts = (t: TaskView) => t.interaction!.options.map((o) => o.text);

/** Each CLI's first screen for a new user, as the task's question (what a person is asked, and the choices). */
const FIRST_QUESTION = {
  claude: { prompt: 'Choose the text style that looks best with your terminal', options: 7, marked: [] as string[] },
  gemini: { prompt: 'Do you trust the files in this folder?', options: 3, marked: [] as string[] },
  qwen: { prompt: 'Select Authentication Method', options: 4, marked: ['OAuth'] },
};

for (const cli of ['claude', 'gemini', 'qwen'] as const) {
  describe.skipIf(skipUnlessInstalled(cli))(`${cli}, a new user, under gatehouse run`, () => {
    it('the first-run dialog is the person\'s question in its own words; nothing typed into it, no answer handler answers it', { timeout: 300_000 }, async () => {
      recordTestedWith(cli, 'orchestrator', { covers: 'a new user’s first dialog is the person’s question, no answer handler answers it' });
      const expected = FIRST_QUESTION[cli];
      run = await startOrchestratedAgent(cli, { autoApprove: true, seed: 'new' });
      const first = await run.until((t) => t.status === 'WAITING_FOR_USER', 'the first-run dialog is the question', 120_000);
      expect(first.interaction!.prompt).toBe(expected.prompt);
      expect(first.interaction!.options).toHaveLength(expected.options);
      for (const option of expected.marked) expect(texts(first).find((t) => t.startsWith(option))).toMatch(/\(opens a browser/);
      expect(first.autoAnswered).toBe(0);
      expect(first.pendingInputs).toEqual([PROMPT]);
    });
  });
}

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code, a new user, under gatehouse run', () => {
  it('text style → security notes (Enter by an answer handler) → folder trust, then the prompt runs', { timeout: 300_000 }, async () => {
    recordTestedWith('claude', 'orchestrator', { covers: 'first run on screen: text style → security notes → folder trust, then its prompt' });
    run = await startOrchestratedAgent('claude', { autoApprove: true, seed: 'new' });
    await run.until(asking('Choose the text style that looks best with your terminal'), 'the text style is the question', 120_000);
    await run.choose({ option: 'Dark mode ✔' });
    // "Press Enter to continue…" is the adapter's to press with autoApprove; the folder trust is the person's.
    const trust = await run.until(asking(/^Quick safety check: Is this a project you created or one you trust\?/), 'the folder trust is the question');
    expect(trust.explain!.join('\n')).toMatch(/RUNNING ← answer handler Enter/);
    expect(texts(trust)).toEqual(['1. Yes, I trust this folder', '2. No, exit']);
    await run.choose({ option: 'Yes, I trust this folder' });
    await run.until((t) => t.status === 'DONE', 'the task is done');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
  });
});

describe.skipIf(skipUnlessInstalled('gemini'))('Gemini CLI, a new user, under gatehouse run', () => {
  it('folder trust → sign-in choice ("Sign in with Google" marked) → the API key, then the prompt runs', { timeout: 300_000 }, async () => {
    recordTestedWith('gemini', 'orchestrator', { covers: 'first run on screen: folder trust → sign-in (Google marked) → API key, then its prompt' });
    run = await startOrchestratedAgent('gemini', { autoApprove: true, seed: 'new' });
    await run.until(asking('Do you trust the files in this folder?'), 'the folder trust is the question', 120_000);
    await run.choose({ option: 'Trust folder (proj)' });
    const auth = await run.until(asking('How would you like to authenticate for this project?'), 'the sign-in choice is the question');
    expect(texts(auth)[0]).toMatch(/^1\. Sign in with Google \(opens a browser/);
    expect(auth.interaction!.cursor).toBe(1);
    await run.choose({ option: 'Use Gemini API Key' });
    const key = await run.until(asking('Enter Gemini API Key'), 'the API key field is the question');
    expect(key.interaction!.screen).toContain('Existing API key detected (GEMINI_API_KEY).');
    await run.hub.client.request('POST', `/api/tasks/${encodeURIComponent(run.taskId)}/input`, { keys: ['enter'] });
    await run.until((t) => t.status === 'DONE', 'the task is done');
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
  });
});

describe.skipIf(skipUnlessInstalled('codex'))('Codex, a new user, under gatehouse run', () => {
  it('sign-in → "Sign in another way" → API key → folder trust, each the person\'s question; then Codex takes the prompt', { timeout: 300_000 }, async () => {
    recordTestedWith('codex', 'orchestrator', { covers: 'first run on screen: sign-in → another way → API key → folder trust, then its prompt' });
    run = await startOrchestratedAgent('codex', { autoApprove: true, seed: 'new' });
    const signIn = await run.until(asking('Choose how you want to use Codex.'), 'the sign-in choice is the question', 90_000);
    expect(texts(signIn)).toEqual([
      '1. Sign in with ChatGPT (opens a browser to sign in with ChatGPT; cannot finish from here or offline)',
      '2. Sign in with Device Code (signs in on another device through auth.openai.com; cannot finish offline)',
      '3. Sign in another way',
    ]);
    expect(signIn.interaction!.cursor).toBe(0);
    // autoApprove, and still no answer handler answered it.
    expect(signIn.autoAnswered).toBe(0);
    // Codex may draw its composer a moment before the sign-in: read as idle, the task's prompt was typed there and
    // Codex keeps it (the explain line says so); else the prompt still waits for Codex's prompt.
    const typedEarly = signIn.pendingInputs.length === 0;
    if (typedEarly) expect(signIn.explain!.join('\n')).toContain(`pending input ${JSON.stringify(PROMPT)} was typed just before a first-run dialog replaced the prompt; the CLI keeps it`);
    else expect(signIn.pendingInputs).toEqual([PROMPT]);

    await run.choose({ option: 'Sign in another way' });
    const another = await run.until(asking('Sign in another way'), 'the next sign-in screen is the question');
    expect(texts(another)).toEqual(['1. Use an OpenAI API key', '2. Use Amazon Bedrock']);
    await run.choose({ option: 'Use an OpenAI API key' });

    const key = await run.until(asking('Paste or type your API key below.'), 'the API key field is the question');
    expect(key.interaction!.screen).toContain('Detected OPENAI_API_KEY environment variable.');
    await run.hub.client.request('POST', `/api/tasks/${encodeURIComponent(run.taskId)}/input`, { keys: ['enter'] });

    const trust = await run.until(asking(/^Trust this folder\?/), 'the folder trust is the question');
    expect(texts(trust)).toEqual(['1. Trust and continue', '2. Back to Agent Command Center']);
    const trusted = (await run.choose({ option: 'Trust and continue' })).explain!.length;

    // Past its dialogs Codex takes the prompt — the one it kept, or gatehouse types it at its composer — once, and
    // says it works. (The model is not the stand-in here: signed in with an API key, Codex 0.169's built-in provider
    // calls api.openai.com — offline, a reconnect loop; the task is stopped there.)
    const working = await run.until(
      (t) => t.status === 'RUNNING' && t.pendingInputs.length === 0 && (t.explain ?? []).slice(trusted - 1).some((l) => l.includes('OSC 7501 state=working')),
      'Codex works on the prompt',
    );
    expect(working.interaction).toBeNull();
    const { screen } = await run.hub.client.request<{ screen: string }>('GET', `/api/tasks/${encodeURIComponent(run.taskId)}`);
    expect(screen.split('\n').filter((l) => l.includes(PROMPT))).toHaveLength(1);
  });
});

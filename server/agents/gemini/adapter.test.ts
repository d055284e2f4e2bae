// The gemini adapter on screens recorded from the real Gemini CLI (test/fixtures/agent-screens/gemini/), read by
// the real reader: what a task under `gatehouse run` relays to a person and what the built-in policy does.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapterFromConfig, adapterOnRecordedScreens, adapterRelays } from '../../../test/support/adapter-on-screens.js';
import { adapterConfigSchema } from '../adapter-schema.js';
import { geminiAdapter } from './adapter.js';

describe('gemini adapter on recorded Gemini CLI screens', () => {
  const adapter = adapterOnRecordedScreens('gemini', geminiAdapter, { allowOnce: 'Allow once', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await adapterRelays(adapter, 'permission');
    expect(wait.prompt).toBe('Allow execution of [Shell]?');
    expect(wait.options.map((o) => o.text)).toEqual(['1. Allow once', '2. Allow for this session', '3. No, suggest changes (esc)']);
    expect(wait.cursor).toBe(0);
  });

  // A fresh config: each first-run dialog is the person's question, in its own words, and no built-in policy answers it.
  it("folder trust: the dialog's question and its three choices (the refusal: Don't trust)", async () => {
    const { wait, kind, policy, meaning } = await adapterRelays(adapter, 'trust');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Do you trust the files in this folder?');
    expect(wait.options.map((o) => o.text)).toEqual(['1. Trust folder (proj)', `2. ${meaning.options[1]}`, "3. Don't trust"]);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });

  it('the sign-in choice: "Sign in with Google" is marked as a browser sign-in; the API key, preselected, is not', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'auth');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('How would you like to authenticate for this project?');
    expect(wait.options.map((o) => o.text)).toEqual([
      '1. Sign in with Google (opens a browser to sign in with Google; cannot finish from here or offline)',
      '2. Use Gemini API Key',
      '3. Vertex AI',
    ]);
    expect(wait.cursor).toBe(1);
    expect(policy).toBeNull();
  });
});

describe('gemini adapter: the key field is marked secret', () => {
  const secret = adapterFromConfig('gemini', adapterConfigSchema.parse(geminiAdapter)).secretFields ?? [];
  const screens = readdirSync('test/fixtures/agent-screens/gemini').filter((f) => f.endsWith('.json'));
  const on = (name: string) => secret.some((field) => field.test(JSON.parse(readFileSync(`test/fixtures/agent-screens/gemini/${name}`, 'utf8')).screen.join('\n')));

  // What is typed there is masked in all a task relays (orchestrator/terminal/secret-field.ts); no other screen is one.
  it('is no recorded screen (the sign-in choice included)', () => {
    expect(screens.filter(on)).toEqual([]);
    // Its key dialog's heading as drawn (seen live in test/agents/secret-field-orchestrated.test.ts).
    expect(secret.some((field) => field.test('│ Enter Gemini API Key                                    │'))).toBe(true);
  });
});

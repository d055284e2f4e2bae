// The codex adapter on screens recorded from the real Codex (test/fixtures/agent-screens/codex/), read by the real
// reader: what a task under `gatehouse run` relays to a person and what the built-in policy does.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapterFromConfig, adapterOnRecordedScreens, adapterRelays } from '../../../test/support/adapter-on-screens.js';
import { adapterConfigSchema } from '../adapter-schema.js';
import { codexAdapter } from './adapter.js';

describe('codex adapter on recorded Codex screens', () => {
  const adapter = adapterOnRecordedScreens('codex', codexAdapter, { allowOnce: 'Yes, proceed (y)', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await adapterRelays(adapter, 'permission');
    expect(wait.prompt).toBe('Would you like to run the following command?');
    expect(wait.options.map((o) => o.text)).toEqual([
      '1. Yes, proceed (y)',
      "2. Yes, and don't ask again for commands that start with `echo hello-from-standin > made.txt` (p)",
      '3. No, and tell Codex what to do differently (esc)',
    ]);
    expect(wait.cursor).toBe(0);
  });

  // Start-up: the warning Codex prints before its TUI (its home under a temp dir) was read as a question, and the
  // task showed WAITING_FOR_USER until the TUI cleared it (0.3–0.8 s). It is Codex still starting.
  it('start-up: the warning printed before the TUI is Codex starting, not a question', async () => {
    const { wait, kind } = await adapterRelays(adapter, 'startup-warning');
    expect(wait.prompt).toMatch(/^WARNING: proceeding, even though we could not create PATH aliases/);
    expect(kind).toBe('busy');
  });

  // A new user's first start: each screen is the person's question, in its own words; no built-in policy answers it.
  it('the sign-in choice (OPENAI_API_KEY set): three choices, ChatGPT (highlighted) and the device code marked as leaving the terminal', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'sign-in');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Choose how you want to use Codex.');
    expect(wait.options.map((o) => o.text)).toEqual([
      '1. Sign in with ChatGPT (opens a browser to sign in with ChatGPT; cannot finish from here or offline)',
      '2. Sign in with Device Code (signs in on another device through auth.openai.com; cannot finish offline)',
      '3. Sign in another way',
    ]);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });

  it('a task\'s own policy that would press Enter on the highlighted ChatGPT sign-in, or pick the device code, is not applied', async () => {
    const withHandlers = (handlers: unknown[]) => adapterFromConfig('codex', adapterConfigSchema.parse({ ...codexAdapter, autoPolicy: { handlers } }));
    expect((await adapterRelays(withHandlers([{ type: 'pressEnter' }]), 'sign-in')).policy).toBeNull();
    expect((await adapterRelays(withHandlers([{ type: 'keys', when: 'Codex', keys: ['enter'] }]), 'sign-in')).policy).toBeNull();
    expect((await adapterRelays(withHandlers([{ type: 'choose', option: 'Device Code' }]), 'sign-in')).policy).toBeNull();
    expect((await adapterRelays(withHandlers([{ type: 'choose', option: 'Sign in another way' }]), 'sign-in')).policy).toMatchObject({ type: 'choose', index: 2 });
    // On the next screen nothing leaves the terminal: Enter takes the highlighted API key.
    expect((await adapterRelays(withHandlers([{ type: 'pressEnter' }]), 'sign-in-another-way')).policy).toMatchObject({ type: 'keys', keys: '\r' });
  });

  it('"Sign in another way": the API key (highlighted) or Amazon Bedrock', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'sign-in-another-way');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Sign in another way');
    expect(wait.options.map((o) => o.text)).toEqual(['1. Use an OpenAI API key', '2. Use Amazon Bedrock']);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });

  it('the API key field: its own question, not the "Press esc to go back" hint under it', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'api-key');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Paste or type your API key below.');
    expect(wait.options).toEqual([]);
    expect(policy).toBeNull();
  });

  it("folder trust: the dialog's question and both choices", async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'trust');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toMatch(/^Trust this folder\? /);
    expect(wait.options.map((o) => o.text)).toEqual(['1. Trust and continue', '2. Back to Agent Command Center']);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });

  it('"Hooks need review": its heading as the question, the three choices (the safe one: continue without trusting)', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'hooks-review');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Hooks need review');
    expect(wait.options.map((o) => o.text)).toEqual(['1. Review hooks', '2. Trust all and continue', "3. Continue without trusting (hooks won't run)"]);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });
});

describe('codex adapter: the key field is marked secret', () => {
  const secret = adapterFromConfig('codex', adapterConfigSchema.parse(codexAdapter)).secretFields ?? [];
  const screens = readdirSync('test/fixtures/agent-screens/codex').filter((f) => f.endsWith('.json'));
  const on = (name: string) => secret.some((field) => field.test(JSON.parse(readFileSync(`test/fixtures/agent-screens/codex/${name}`, 'utf8')).screen.join('\n')));

  // What is typed there is masked in all a task relays (orchestrator/terminal/secret-field.ts); no other screen is one.
  it('matches its API-key screen and no other recorded screen', () => {
    expect(screens.filter(on)).toEqual(['api-key.json']);
  });
});

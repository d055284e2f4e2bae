// The qwen adapter on screens recorded from the real Qwen Code (test/fixtures/agent-screens/qwen/), read by the
// real reader: what a task under `gatehouse run` relays to a person and what the built-in policy does.
import { describe, expect, it } from 'vitest';
import { adapterFromConfig, adapterOnRecordedScreens, adapterRelays } from '../../../test/support/adapter-on-screens.js';
import { adapterConfigSchema } from '../adapter-schema.js';
import { qwenAdapter } from './adapter.js';

describe('qwen adapter on recorded Qwen Code screens', () => {
  const adapter = adapterOnRecordedScreens('qwen', qwenAdapter, { allowOnce: 'Yes, allow once', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await adapterRelays(adapter, 'permission');
    expect(wait.prompt).toBe("Allow execution of: 'echo'?");
    expect(wait.options.map((o) => o.text)).toEqual([
      '1. Yes, allow once',
      "2. Always allow run 'echo *' commands in this project",
      "3. Always allow run 'echo *' commands for this user",
      '4. No, suggest changes (esc)',
    ]);
    expect(wait.cursor).toBe(0);
  });

  // A fresh config (no model set): the sign-in choice is the person's question. Each option has a description line
  // under it and a blank line between options: the four titles are the choices, the descriptions are not.
  it('the sign-in choice: its four options, "OAuth" marked as a browser sign-in, nobody but the person answers', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'auth');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Select Authentication Method');
    expect(wait.options.map((o) => o.text)).toEqual([
      'Alibaba ModelStudio',
      'Third-party Providers',
      'OAuth (opens a browser to sign in; cannot finish from here or offline)',
      'Custom Provider',
    ]);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });

  it('a task\'s own policy that would pick "OAuth" is not applied; one that picks "Custom Provider" is', async () => {
    const withHandlers = (handlers: unknown[]) =>
      adapterFromConfig('qwen', adapterConfigSchema.parse({ ...qwenAdapter, autoPolicy: { handlers } }));
    expect((await adapterRelays(withHandlers([{ type: 'choose', option: 'OAuth' }]), 'auth')).policy).toBeNull();
    expect((await adapterRelays(withHandlers([{ type: 'choose', option: 'Custom Provider' }]), 'auth')).policy).toMatchObject({ type: 'choose', index: 3 });
  });
});

// The claude adapter on screens recorded from the real Claude Code (test/fixtures/agent-screens/claude/), read by
// the real reader: what a task under `gatehouse run` relays to a person and what the built-in policy does.
import { describe, expect, it } from 'vitest';
import { adapterOnRecordedScreens, adapterRelays } from '../../../test/support/adapter-on-screens.js';
import { claudeAdapter } from './adapter.js';

describe('claude adapter on recorded Claude Code screens', () => {
  const adapter = adapterOnRecordedScreens('claude', claudeAdapter, { allowOnce: 'Yes', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await adapterRelays(adapter, 'permission');
    expect(wait.prompt).toBe('Do you want to proceed?');
    expect(wait.options.map((o) => o.text)).toEqual(['1. Yes', '2. Yes, and always allow access to proj/ from this project', '3. No']);
    expect(wait.cursor).toBe(0);
  });

  // A fresh config: each first-run dialog is the person's question, in its own words, and no built-in policy answers it.
  it("folder trust: the dialog's question, both choices (the refusal: exit), nobody but the person answers", async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'trust');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toMatch(/^Quick safety check: Is this a project you created or one you trust\?/);
    expect(wait.options.map((o) => o.text)).toEqual(['1. Yes, I trust this folder', '2. No, exit']);
    expect(wait.cursor).toBe(0);
    expect(policy).toBeNull();
  });

  it('"use this API key?": its question, both choices, the CLI\'s highlight on "No (recommended)"', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'api-key');
    expect(kind).not.toMatch(/idle|busy/);
    expect(wait.prompt).toBe('Do you want to use this API key?');
    expect(wait.options.map((o) => o.text)).toEqual(['1. Yes', '2. No (recommended)']);
    expect(wait.cursor).toBe(1);
    expect(policy).toBeNull();
  });

  it('a new user\'s onboarding: the text-style question is its heading, not the hint under it; all seven styles', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'theme');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Choose the text style that looks best with your terminal');
    expect(wait.options.map((o) => o.text)).toEqual([
      '1. Auto (match terminal)',
      '2. Dark mode ✔',
      '3. Light mode',
      '4. Dark mode (colorblind-friendly)',
      '5. Light mode (colorblind-friendly)',
      '6. Dark mode (ANSI colors only)',
      '7. Light mode (ANSI colors only)',
    ]);
    expect(wait.cursor).toBe(1);
    expect(policy).toBeNull();
  });

  it('the security notes: numbered notes are no choices — "Press Enter to continue…", which autoApprove presses', async () => {
    const { wait, kind, policy } = await adapterRelays(adapter, 'security-notes');
    expect(kind).toBe('unknown');
    expect(wait.prompt).toBe('Press Enter to continue…');
    expect(wait.options).toEqual([]);
    expect(policy).toMatchObject({ type: 'keys', keys: '\r' });
  });
});

// The gemini adapter on screens recorded from the real Gemini CLI (test/fixtures/agent-screens/gemini/).
import { describe, expect, it } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { recordedScreen } from '../../../test/support/recorded-screen.js';
import { geminiAdapter } from './gemini.js';

describe('gemini adapter on recorded Gemini CLI screens', () => {
  adapterOnRecordedScreens('gemini', geminiAdapter, { allowOnce: 'Allow once', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await recordedScreen('gemini', 'permission');
    expect(wait.prompt).toBe("Allow execution of [Shell]?");
    expect(wait.options.map((o) => o.text)).toEqual([
      "Allow once",
      "Allow for this session",
      "No, suggest changes (esc)",
    ]);
    expect(wait.cursor).toBe(0);
  });
});

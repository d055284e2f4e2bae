// The codex adapter on screens recorded from the real Codex (test/fixtures/agent-screens/codex/).
import { describe, expect, it } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { recordedScreen } from '../../../test/support/recorded-screen.js';
import { codexAdapter } from './codex.js';

describe('codex adapter on recorded Codex screens', () => {
  adapterOnRecordedScreens('codex', codexAdapter, { allowOnce: 'Yes, proceed (y)', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await recordedScreen('codex', 'permission');
    expect(wait.prompt).toBe("Would you like to run the following command?");
    expect(wait.options.map((o) => o.text)).toEqual([
      "Yes, proceed (y)",
      "Yes, and don't ask again for commands that start with `echo hello-from-standin > made.txt` (p)",
      "No, and tell Codex what to do differently (esc)",
    ]);
    expect(wait.cursor).toBe(0);
  });
});

// The qwen adapter on screens recorded from the real Qwen Code (test/fixtures/agent-screens/qwen/).
import { describe, expect, it } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { recordedScreen } from '../../../test/support/recorded-screen.js';
import { qwenAdapter } from './qwen.js';

describe('qwen adapter on recorded Qwen Code screens', () => {
  adapterOnRecordedScreens('qwen', qwenAdapter, { allowOnce: 'Yes, allow once', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await recordedScreen('qwen', 'permission');
    expect(wait.prompt).toBe("Allow execution of: 'echo'?");
    expect(wait.options.map((o) => o.text)).toEqual([
      "Yes, allow once",
      "Always allow run 'echo *' commands in this project",
      "Always allow run 'echo *' commands for this user",
      "No, suggest changes (esc)",
    ]);
    expect(wait.cursor).toBe(0);
  });
});

// The claude adapter on screens recorded from the real Claude Code (test/fixtures/agent-screens/claude/).
import { describe, expect, it } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { recordedScreen } from '../../../test/support/recorded-screen.js';
import { claudeAdapter } from './claude.js';

describe('claude adapter on recorded Claude Code screens', () => {
  adapterOnRecordedScreens('claude', claudeAdapter, { allowOnce: 'Yes', permissionScreens: ['permission', 'permission-60cols'] });

  // What a person is shown: the dialog's own question (not a logo or a rule) and every one of its choices — the
  // refusal included, also below the highlighted row — in the CLI's order, the highlight on the first.
  it('relays the permission dialog as a person reads it: its question and all its choices, the refusal included', async () => {
    const { wait } = await recordedScreen('claude', 'permission');
    expect(wait.prompt).toBe("Do you want to proceed?");
    expect(wait.options.map((o) => o.text)).toEqual([
      "Yes",
      "Yes, and always allow access to proj/ from this project",
      "No",
    ]);
    expect(wait.cursor).toBe(0);
  });
});

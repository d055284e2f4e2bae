// The claude adapter on screens recorded from the real Claude Code (test/fixtures/agent-screens/claude/).
import { describe } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { claudeAdapter } from './claude.js';

describe('claude adapter on recorded Claude Code screens', () => {
  adapterOnRecordedScreens('claude', claudeAdapter, { allowOnce: 'Yes', permissionScreens: ['permission', 'permission-60cols'] });
});

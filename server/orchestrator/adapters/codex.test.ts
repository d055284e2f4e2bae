// The codex adapter on screens recorded from the real Codex (test/fixtures/agent-screens/codex/).
import { describe } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { codexAdapter } from './codex.js';

describe('codex adapter on recorded Codex screens', () => {
  adapterOnRecordedScreens('codex', codexAdapter, { allowOnce: 'Yes, proceed (y)', permissionScreens: ['permission', 'permission-60cols'] });
});

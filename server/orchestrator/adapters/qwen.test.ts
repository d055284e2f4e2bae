// The qwen adapter on screens recorded from the real Qwen Code (test/fixtures/agent-screens/qwen/).
import { describe } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { qwenAdapter } from './qwen.js';

describe('qwen adapter on recorded Qwen Code screens', () => {
  adapterOnRecordedScreens('qwen', qwenAdapter, { allowOnce: 'Yes, allow once', permissionScreens: ['permission', 'permission-60cols'] });
});

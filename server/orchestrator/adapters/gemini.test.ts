// The gemini adapter on screens recorded from the real Gemini CLI (test/fixtures/agent-screens/gemini/).
import { describe } from 'vitest';
import { adapterOnRecordedScreens } from '../../../test/support/adapter-on-screens.js';
import { geminiAdapter } from './gemini.js';

describe('gemini adapter on recorded Gemini CLI screens', () => {
  adapterOnRecordedScreens('gemini', geminiAdapter, { allowOnce: 'Allow once', permissionScreens: ['permission', 'permission-60cols'] });
});

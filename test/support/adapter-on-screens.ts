// The checks every agent CLI's adapter (server/orchestrator/adapters/<id>.ts) passes on the screens recorded from
// its real CLI: its idle prompt reads as idle, its working screen as busy, and its permission dialog is no idle
// prompt and is answered by its own autoApprove handler with the option a person would pick to allow it once.
import { expect, it } from 'vitest';
import { adapterFromConfig } from '../../server/orchestrator/adapter.js';
import { adapterConfigSchema, type AdapterConfigInput } from '../../server/orchestrator/adapter-schema.js';
import { resolveWithHandlers } from '../../server/orchestrator/standard-handlers.js';
import { classifyWait } from '../../server/orchestrator/wait-classifier.js';
import { recordedScreen } from './recorded-screen.js';

export function adapterOnRecordedScreens(id: string, config: AdapterConfigInput, expected: { allowOnce: string; permissionScreens: string[] }): void {
  const adapter = adapterFromConfig(id, adapterConfigSchema.parse(config));

  for (const name of ['idle', 'idle-60cols']) {
    it(`reads ${name} as idle`, async () => {
      const { wait } = await recordedScreen(id, name);
      expect(classifyWait(wait, adapter.detect), wait.screen).toBe('idle');
    });
  }

  for (const name of ['working', 'working-60cols']) {
    it(`reads ${name} as busy`, async () => {
      const { wait } = await recordedScreen(id, name);
      expect(classifyWait(wait, adapter.detect), wait.screen).toBe('busy');
    });
  }

  for (const name of expected.permissionScreens) {
    it(`${name}: a question, never idle; autoApprove picks "${expected.allowOnce}"`, async () => {
      const { wait } = await recordedScreen(id, name);
      expect(classifyWait(wait, adapter.detect), wait.screen).not.toMatch(/idle|busy/);
      const action = resolveWithHandlers(adapter.autoPolicy?.handlers ?? [], {
        prompt: wait.prompt,
        options: wait.options,
        cursor: wait.cursor,
        screen: wait.screen,
        task: { name: 't', adapter: id, goal: null, sessionGoal: null, autoAnswered: 0 },
      });
      const allowOnce = wait.options.findIndex((o) => o.text === expected.allowOnce);
      expect(allowOnce, `"${expected.allowOnce}" among ${JSON.stringify(wait.options.map((o) => o.text))}`).toBeGreaterThanOrEqual(0);
      expect(action).toMatchObject({ type: 'choose', index: allowOnce });
    });
  }
}

// The checks every agent CLI's adapter (server/agents/<id>/adapter.ts) passes on the screens recorded from
// its real CLI, read by the real reader: its idle prompt reads as idle, its working screen as busy, and its
// permission dialog is no idle prompt and is answered by its own autoApprove handler with the option a person
// would pick to allow it once. `adapterRelays` is what the adapter makes of one recorded screen under
// `gatehouse run`: the wait a person is asked, how it is classified, what the built-in answer handlers do.
import { expect, it } from 'vitest';
import { adapterFromConfig, type IAgentAdapter } from '../../server/orchestrator/adapters/adapter.js';
import { adapterConfigSchema, type AdapterConfigInput } from '../../server/agents/adapter-schema.js';
import { insideTerminal, relayedWait } from '../../server/orchestrator/auto-answers/screen-dialogs.js';
import { resolveWithHandlers } from '../../server/orchestrator/auto-answers/standard-handlers.js';
import { classifyWait } from '../../server/orchestrator/task/wait-classifier.js';
import { recordedScreen } from './recorded-screen.js';

/** How the orchestrator builds an adapter from its data: for the agents' tests, which import nothing of it directly. */
export { adapterFromConfig };

export const withoutNumber = (text: string) => text.replace(/^\d{1,3}\.\s+/, '');

export async function adapterRelays(adapter: IAgentAdapter, name: string) {
  const { meaning, wait: read } = await recordedScreen(adapter.id, name);
  const wait = relayedWait(read, adapter.dialogs ?? []);
  const policy = insideTerminal(
    resolveWithHandlers(adapter.autoPolicy?.handlers ?? [], {
      prompt: wait.prompt,
      options: wait.options,
      cursor: wait.cursor,
      screen: wait.screen,
      task: { name: 't', adapter: adapter.id, goal: null, sessionGoal: null, autoAnswered: 0 },
    }),
    wait,
    adapter.dialogs ?? [],
  );
  return { meaning, wait, kind: classifyWait(wait, adapter.detect), policy };
}

export function adapterOnRecordedScreens(id: string, config: AdapterConfigInput, expected: { allowOnce: string; permissionScreens: string[] }): IAgentAdapter {
  const adapter = adapterFromConfig(id, adapterConfigSchema.parse(config));

  for (const name of ['idle', 'idle-60cols']) {
    it(`reads ${name} as idle`, async () => {
      const { wait, kind } = await adapterRelays(adapter, name);
      expect(kind, wait.screen).toBe('idle');
    });
  }

  for (const name of ['working', 'working-60cols']) {
    it(`reads ${name} as busy`, async () => {
      const { wait, kind } = await adapterRelays(adapter, name);
      expect(kind, wait.screen).toBe('busy');
    });
  }

  for (const name of expected.permissionScreens) {
    it(`${name}: a question, never idle; autoApprove picks "${expected.allowOnce}"`, async () => {
      const { wait, kind, policy } = await adapterRelays(adapter, name);
      expect(kind, wait.screen).not.toMatch(/idle|busy/);
      const allowOnce = wait.options.findIndex((o) => withoutNumber(o.text) === expected.allowOnce);
      expect(allowOnce, `"${expected.allowOnce}" among ${JSON.stringify(wait.options.map((o) => o.text))}`).toBeGreaterThanOrEqual(0);
      expect(policy).toMatchObject({ type: 'choose', index: allowOnce });
    });
  }
  return adapter;
}

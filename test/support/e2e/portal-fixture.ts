import { test as base, expect, type Page } from '@playwright/test';
import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { choiceUrl } from '../../../server/hub/handoff.js';
import { startTestHub, type TestHub } from '../test-hub.js';
import { choiceRequest } from '../sessions.js';

export { choiceRequest };

export interface Created {
  session: ChoiceSessionView;
  /** The person's own link: the choice page with the hub's credential (the whole portal, as `gatehouse open`). */
  url: string;
  /** The link the hub hands out for this gate (to the agent): it opens this gate alone. */
  gate_url: string;
  terminal_command: string;
}

export async function createChoice(hub: TestHub, extra: Record<string, unknown> = {}): Promise<Created> {
  const created = await hub.client.request<Omit<Created, 'gate_url'>>('POST', '/api/sessions', choiceRequest(extra));
  return { ...created, gate_url: created.url, url: choiceUrl(hub.baseUrl, hub.token, created.session.id) };
}

export async function getSession(hub: TestHub, id: string): Promise<ChoiceSessionView> {
  return (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;
}

/** Opens a portal URL (with ?token= or a gate link's ?gate=) and waits for the live connection. */
export async function openPortal(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('connection')).toHaveAttribute('class', /conn-open/);
}

/** Each test gets its own real hub on 127.0.0.1 with a temp data dir (stopped and deleted afterwards). */
export const test = base.extend<{ hubEnv: NodeJS.ProcessEnv; hub: TestHub }>({
  hubEnv: [{}, { option: true }],
  hub: async ({ hubEnv }, use) => {
    const hub = await startTestHub({ env: hubEnv });
    let current = hub;
    await use(
      new Proxy(hub, {
        get(_t, prop) {
          if (prop === 'restart')
            // Crash (kill -9; the hub acknowledges only what is on disk), then a new hub on the same data dir.
            // (A SIGTERM stop with a browser connected takes about a minute — see the report.)
            return async () => {
              await current.kill9();
              current = await current.restart();
              return current;
            };
          return Reflect.get(current, prop);
        },
      }),
    );
    await current.stop();
  },
});

export { expect };

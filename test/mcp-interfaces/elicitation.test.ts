import { CancelledNotificationSchema, ElicitRequestSchema, type CancelledNotification, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';

let hub: TestHub;
let withForms: TestMcp;
let withoutForms: TestMcp;
/** A client that refuses every form by itself at once (as Claude Code -p and codex exec do). */
let refusingClient: TestMcp;
/** What the test "person" does with the next form the client is asked to show. */
let answerForm: (request: ElicitRequest['params']) => Promise<ElicitResult> | ElicitResult;
const seen: ElicitRequest['params'][] = [];
/** The notifications/cancelled `gatehouse mcp` sent `withForms` (a form withdrawn), in order. */
const cancels: CancelledNotification['params'][] = [];

beforeAll(async () => {
  hub = await startTestHub();
  // Every refusal in `withForms` is a person's (threshold 0); every one in `refusingClient` is faster than a person.
  withForms = await startTestMcp({ ...hub.env, GATEHOUSE_FASTEST_PERSON_MS: '0' }, { elicitation: { form: {} } });
  refusingClient = await startTestMcp({ ...hub.env, GATEHOUSE_FASTEST_PERSON_MS: '3600000' }, { elicitation: { form: {} } });
  refusingClient.client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'cancel' }));
  // Recorded instead of the SDK's default (which aborts the form's handler; these handlers settle by themselves).
  withForms.client.setNotificationHandler(CancelledNotificationSchema, (n) => void cancels.push(n.params));
  withForms.client.setRequestHandler(ElicitRequestSchema, async (req) => {
    seen.push(req.params);
    return answerForm(req.params);
  });
  withoutForms = await startTestMcp(hub.env);
});
afterAll(async () => {
  await withForms?.close();
  await withoutForms?.close();
  await refusingClient?.close();
  await hub?.stop();
});

const request = {
  prompt: 'Which database should the orders service use?',
  title: 'Pick a database',
  options: [
    { id: 'pg', label: 'PostgreSQL', recommended: true, description: 'already used by billing' },
    { id: 'lite', label: 'SQLite' },
  ],
};

/** The question whose form is up in the client, once the hub lists it (it may be listed a moment after). */
async function activeElicitation(): Promise<{ id: string }> {
  for (;;) {
    const { interactions } = await hub.client.request<any>('GET', '/api/interactions?filter=active');
    const pending = interactions.find((i: any) => i.interface === 'elicitation');
    if (pending) return pending;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('provide_choice through MCP elicitation (the client declares it and answers)', () => {
  it('auto uses the client form; accept submits with the note, interface "elicitation"', async () => {
    answerForm = () => ({ action: 'accept', content: { choice: 'lite', note: 'single instance is fine' } });
    const result = await withForms.call<any>('provide_choice', request);
    expect(result).toMatchObject({ status: 'submitted', selected: [{ id: 'lite', label: 'SQLite' }], global_annotation: 'single instance is fine', interface: 'elicitation', answered_by: 'human' });
    const form = seen.at(-1)! as any;
    expect(form.message).toContain('Which database should the orders service use?');
    expect(form.message).toContain('PostgreSQL: already used by billing');
    expect(form.requestedSchema.properties.choice.oneOf).toEqual([{ const: 'pg', title: 'PostgreSQL (Recommended)' }, { const: 'lite', title: 'SQLite' }]);
    // The client answered its form: nothing is withdrawn (a cancel would reach the result's way first, on one pipe).
    expect(cancels).toEqual([]);
  });

  it('offers a multi-select with bounds, and decline cancels', async () => {
    answerForm = () => ({ action: 'accept', content: { choice: ['pg', 'lite'] } });
    const multi = await withForms.call<any>('provide_choice', { ...request, selection_mode: 'multi', min_selections: 1, interface: 'elicitation' });
    expect(multi.selected.map((s: any) => s.id)).toEqual(['pg', 'lite']);
    expect((seen.at(-1) as any).requestedSchema.properties.choice).toMatchObject({ type: 'array', minItems: 1, maxItems: 2 });

    answerForm = () => ({ action: 'decline' });
    const declined = await withForms.call<any>('provide_choice', request);
    expect(declined).toMatchObject({ status: 'cancelled', interface: 'elicitation', selected: [] });
    answerForm = () => ({ action: 'cancel' });
    expect((await withForms.call<any>('provide_choice', request)).status).toBe('cancelled');
    // A decline or cancel the client gave is its answer too: no form is withdrawn after it.
    expect(cancels).toEqual([]);
  });

  it('auto: a form the client refuses by itself, before anyone could read it, moves to the portal and stays pending', async () => {
    const started = await refusingClient.call<any>('provide_choice', request);
    expect(started).toMatchObject({ status: 'pending', session_id: expect.any(String), url: expect.stringContaining('/choice/') });
    expect(started.notices.join(' ')).toContain('answered its form with "cancel"');
    expect(started.notices.join(' ')).toContain('before anyone could have read it');
    const { session } = await hub.client.request<any>('GET', `/api/sessions/${started.session_id}`);
    expect(session).toMatchObject({ status: 'pending', interface: 'web' });
    // An explicit interface "elicitation" is what the agent asked for: the client's cancel stands.
    expect((await refusingClient.call<any>('provide_choice', { ...request, interface: 'elicitation' })).status).toBe('cancelled');
    await hub.client.request('POST', `/api/sessions/${started.session_id}/cancel`, {});
  });

  it('withdraws the form when the question is answered elsewhere', async () => {
    let release!: () => void;
    // The form is up in the client before anyone answers elsewhere (the session can be listed earlier than that).
    const formShown = new Promise<void>((shown) => {
      answerForm = () =>
        new Promise<ElicitResult>((resolve) => {
          release = () => resolve({ action: 'accept', content: { choice: 'pg' } });
          shown();
        });
    });
    const call = withForms.call<any>('provide_choice', request);
    await formShown;
    const pending = await activeElicitation();
    await hub.client.request('POST', `/api/sessions/${pending.id}/submit`, { selected_ids: ['lite'], interface: 'web' });
    const result = await call;
    release();
    expect(result).toMatchObject({ status: 'submitted', selected: [{ id: 'lite', label: 'SQLite' }], interface: 'web' });
    // The form still up in the client is withdrawn, once, saying why.
    expect(cancels).toEqual([{ requestId: expect.anything(), reason: expect.stringContaining('the question was answered elsewhere') }]);
    cancels.length = 0;
  });

  it('withdraws the form when the question is cancelled elsewhere, saying it ended (not that it was answered)', async () => {
    const formShown = new Promise<void>((shown) => {
      answerForm = () => {
        shown();
        return new Promise<ElicitResult>(() => undefined); // the person never touches the form
      };
    });
    const call = withForms.call<any>('provide_choice', request);
    await formShown;
    const pending = await activeElicitation();
    await hub.client.request('POST', `/api/sessions/${pending.id}/cancel`, { global_annotation: 'not needed', interface: 'web' });
    expect(await call).toMatchObject({ status: 'cancelled', global_annotation: 'not needed', interface: 'web' });
    expect(cancels).toEqual([{ requestId: expect.anything(), reason: expect.stringContaining('the question ended elsewhere (cancelled)') }]);
    cancels.length = 0;
  });

  it('a client without the capability: auto goes elsewhere, an explicit elicitation request is refused clearly', async () => {
    const auto = await withoutForms.call<any>('provide_choice', request);
    expect(auto.status).toBe('pending');
    const refused = await withoutForms.raw('provide_choice', { ...request, interface: 'elicitation' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/did not declare the elicitation capability/);
  });
});

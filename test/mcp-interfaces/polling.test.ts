// What agent CLIs showed as MCP clients (issue 16): the tool is annotated as harmless, successive polls differ
// (Gemini CLI's loop detector stops the 5th identical call), and a timeout says the question is closed.
import { describe, expect, it } from 'vitest';
import { useHubWithMcp, type TestMcp } from '../support/mcp-client.js';
import type { TestHub } from '../support/test-hub.js';

const request = { prompt: 'Deploy now?', options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }], interface: 'web' };

let fixture: { hub: TestHub; mcp: TestMcp };

describe('provide_choice for agent CLIs', () => {
  useHubWithMcp((f) => (fixture = f));

  it('is annotated truthfully: asking a person changes nothing on the machine', async () => {
    const { tools } = await fixture.mcp.client.listTools();
    expect(tools.find((t) => t.name === 'provide_choice')!.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false });
  });

  it('hands back a next call that counts up, so no two polls are the same call', async () => {
    const started = await fixture.mcp.call<any>('provide_choice', request);
    expect(started.instructions).toContain(`{"session_id": "${started.session_id}", "poll": 1}`);
    // How long the call it names waits (without wait_seconds, the default), so a client's own timeout can be sized.
    expect(started.instructions).toContain('each call waits up to 30 s, or up to 50 s with wait_seconds');
    const first = await fixture.mcp.call<any>('provide_choice', { session_id: started.session_id, poll: 1, wait_seconds: 0 });
    expect(first).toMatchObject({ status: 'pending', next_call: { session_id: started.session_id, poll: 2 } });
    expect(first.next_step).toContain(JSON.stringify({ session_id: started.session_id, poll: 2 }));
    const second = await fixture.mcp.call<any>('provide_choice', { ...first.next_call, wait_seconds: 0 });
    expect(second.next_call).toEqual({ session_id: started.session_id, poll: 3 });
    // A poll without the counter still works (older agents), starting from 1.
    expect((await fixture.mcp.call<any>('provide_choice', { session_id: started.session_id, wait_seconds: 0 })).next_call.poll).toBe(1);
    await fixture.hub.client.request('POST', `/api/sessions/${started.session_id}/cancel`, {});
  });

  it('refuses a poll counter that is not a whole number ≥ 1, and one on a start call, naming the field', async () => {
    const started = await fixture.mcp.call<any>('provide_choice', request);
    const bad = await fixture.mcp.raw('provide_choice', { session_id: started.session_id, poll: 'two' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toContain('poll: must be the whole number ≥ 1');
    const onStart = await fixture.mcp.raw('provide_choice', { ...request, poll: 1 });
    expect(onStart.content[0].text).toContain('poll: only goes with session_id');
    await fixture.hub.client.request('POST', `/api/sessions/${started.session_id}/cancel`, {});
  });

  it('says a timed-out question is closed, not still open', async () => {
    const started = await fixture.mcp.call<any>('provide_choice', { ...request, timeout_seconds: 10 });
    const ended = await fixture.mcp.call<any>('provide_choice', { session_id: started.session_id, poll: 1, wait_seconds: 30 });
    expect(ended.status).toBe('timeout');
    expect(ended.next_step).toContain('the question is closed');
    expect(ended.next_step).not.toContain('still open');
  });
});

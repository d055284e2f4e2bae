import { describe, expect, it } from 'vitest';
import type { TestHub } from '../support/test-hub.js';
import { startTestMcp, useHubWithMcp, type TestMcp } from '../support/mcp-client.js';

let hub: TestHub;
let mcp: TestMcp;
useHubWithMcp((f) => ({ hub, mcp } = f));

const request = {
  prompt: 'Deploying needs a database and none is configured. Which one?',
  title: 'Pick a database',
  options: [{ id: 'pg', label: 'PostgreSQL', recommended: true }, { id: 'lite', label: 'SQLite' }],
  interface: 'web',
};

describe('provide_choice over MCP (real client, stdio)', () => {
  it('is listed with input and output schemas', async () => {
    const { tools } = await mcp.client.listTools();
    const tool = tools.find((t) => t.name === 'provide_choice')!;
    expect(tool.description).toMatch(/more than two viable paths/);
    expect(tool.inputSchema.properties).toHaveProperty('options');
    expect((tool.inputSchema.properties as any).options.type).toBe('array');
    expect(tool.outputSchema?.properties).toHaveProperty('next_step');
  });

  it('lists the same tools before its first tool call (from the build\'s handshake snapshot) as after (from the SDK server)', async () => {
    const fresh = await startTestMcp(hub.env);
    try {
      const before = await fresh.client.listTools();
      await fresh.raw('provide_choice', { session_id: 'ch_none', wait_seconds: 0 });
      expect(await fresh.client.listTools()).toEqual(before);
    } finally {
      await fresh.close();
    }
  });

  it('start → answer through the hub → poll returns the typed result', async () => {
    const start = await mcp.call<any>('provide_choice', request);
    expect(start).toMatchObject({ status: 'pending', session_id: expect.stringMatching(/^ch_/), remaining_seconds: 300 });
    // The agent gets the gate's own link (a capability for this gate only), never the hub's credential.
    expect(start.url).toMatch(new RegExp(`/choice/${start.session_id}\\?gate=[\\w-]{43}$`));
    expect(JSON.stringify(start)).not.toContain(hub.token);
    expect(start.terminal_command).toContain(`choose ${start.session_id}`);
    expect(start.instructions).toContain(start.session_id);

    const poll = mcp.call<any>('provide_choice', { session_id: start.session_id, wait_seconds: 20 });
    await hub.client.request('POST', `/api/sessions/${start.session_id}/submit`, { selected_ids: ['lite'], annotations: { lite: 'single box' }, global_annotation: 'keep it simple' });
    const result = await poll;
    expect(result).toEqual({
      status: 'submitted',
      session_id: start.session_id,
      selected: [{ id: 'lite', label: 'SQLite' }],
      annotations: { lite: 'single box' },
      global_annotation: 'keep it simple',
      free_text: null,
      interface: 'web',
      answered_by: 'human',
      next_step: expect.stringMatching(/Proceed/),
    });
    // Polling an ended session returns the same final result again.
    expect(await mcp.call('provide_choice', { session_id: start.session_id })).toEqual(result);
  });

  it('a poll that runs out returns pending with the time left, sending progress while it blocks', async () => {
    const start = await mcp.call<any>('provide_choice', request);
    const progress: number[] = [];
    const poll = await mcp.call<any>('provide_choice', { session_id: start.session_id, wait_seconds: 6 }, (p) => progress.push(p.progress));
    expect(poll.status).toBe('pending');
    expect(poll.remaining_seconds).toBeGreaterThan(250);
    expect(progress.length).toBeGreaterThanOrEqual(1);
  });

  it('errors name the field and the problem', async () => {
    const bad = await mcp.raw('provide_choice', { ...request, options: [...request.options, { id: 'pg', label: 'Postgres again' }] });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toContain('options[2].id: duplicate "pg"');
    const noPrompt = await mcp.raw('provide_choice', { options: request.options });
    expect(noPrompt.content[0].text).toContain('prompt: is required');
    const unknown = await mcp.raw('provide_choice', { session_id: 'ch_doesnotexist' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0].text).toMatch(/no choice session with id "ch_doesnotexist"/);
    const waitAlone = await mcp.raw('provide_choice', { ...request, wait_seconds: 5 });
    expect(waitAlone.content[0].text).toMatch(/wait_seconds: only goes with session_id/);
  });

  it('says when the timeout was clamped', async () => {
    const start = await mcp.call<any>('provide_choice', { ...request, timeout_seconds: 2 });
    expect(start.remaining_seconds).toBe(10);
    expect(start.notices[0]).toMatch(/clamped to 10/);
  });
});

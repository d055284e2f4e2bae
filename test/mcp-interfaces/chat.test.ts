import { describe, expect, it } from 'vitest';
import type { TestHub } from '../support/test-hub.js';
import { useHubWithMcp, type TestMcp } from '../support/mcp-client.js';

let hub: TestHub;
let mcp: TestMcp;
useHubWithMcp((f) => ({ hub, mcp } = f));

const request = {
  prompt: 'The migration drops two columns. How should I continue?',
  title: 'Destructive migration',
  options: [
    { id: 'go', label: 'Proceed', recommended: true },
    { id: 'backup', label: 'Back up first', description: 'pg_dump the two tables' },
    { id: 'stop', label: 'Stop here' },
  ],
  interface: 'chat',
};

describe('provide_choice with interface "chat" (real MCP client over stdio)', () => {
  it('hands out a Protocol Block and the Stop rule', async () => {
    const start = await mcp.call<any>('provide_choice', request);
    expect(start.status).toBe('pending');
    expect(start.protocol_block).toContain('### 🛑 GATE: Destructive migration');
    expect(start.protocol_block).toContain('1. Proceed *(Recommended)*');
    expect(start.protocol_block).toContain('2. Back up first — pg_dump the two tables');
    expect(start.protocol_block).toMatch(/Type a number or label to proceed/);
    expect(start.instructions).toMatch(/END YOUR TURN/);
    expect(start.instructions).toContain(`"session_id": "${start.session_id}"`);
    const { session } = await hub.client.request<any>('GET', `/api/sessions/${start.session_id}`);
    expect(session.interface).toBe('chat');
    // Answered in the user's next turn: without an explicit timeout a chat gate stays open for a day.
    expect(start.remaining_seconds).toBeGreaterThan(86_000);
  });

  it('writes the block in the language of the shared settings', async () => {
    await hub.client.request('PUT', '/api/settings', { language: 'zh' });
    try {
      const start = await mcp.call<any>('provide_choice', request);
      expect(start.protocol_block).toContain('### 🛑 待决：Destructive migration');
      expect(start.protocol_block).toContain('**请选择一项：**');
      expect(start.protocol_block).toContain('1. Proceed *(推荐)*');
      const miss = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: '九' });
      expect(miss.protocol_block).toContain('“九”没有匹配任何选项');
    } finally {
      await hub.client.request('PUT', '/api/settings', { language: null });
    }
  });

  it('normalises a number into the typed result', async () => {
    const start = await mcp.call<any>('provide_choice', request);
    const result = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: ' 2 ' });
    expect(result).toMatchObject({ status: 'submitted', selected: [{ id: 'backup', label: 'Back up first' }], interface: 'chat', answered_by: 'human' });
    const again = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: '3' });
    expect(again.selected).toEqual([{ id: 'backup', label: 'Back up first' }]);
  });

  it('matches a label without case', async () => {
    const start = await mcp.call<any>('provide_choice', request);
    const result = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: 'stop HERE' });
    expect(result.selected).toEqual([{ id: 'stop', label: 'Stop here' }]);
  });

  it('answers "did not match" with the same block, then accepts a good reply', async () => {
    const start = await mcp.call<any>('provide_choice', request);
    const miss = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: 'maybe later?' });
    expect(miss.status).toBe('pending');
    expect(miss.protocol_block).toContain('“maybe later?” did not match any option');
    expect(miss.protocol_block).toContain('### 🛑 GATE: Destructive migration');
    expect(miss.next_step).toMatch(/Nothing was submitted/);
    const { session } = await hub.client.request<any>('GET', `/api/sessions/${start.session_id}`);
    expect(session.status).toBe('pending');
    const hit = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: 'proceed' });
    expect(hit).toMatchObject({ status: 'submitted', selected: [{ id: 'go', label: 'Proceed' }] });
  });

  it('takes free text when allowed, several options in multi mode, and cancel with a reason', async () => {
    const free = await mcp.call<any>('provide_choice', { ...request, allow_free_text: true });
    expect((await mcp.call<any>('provide_choice', { session_id: free.session_id, reply: 'rename the columns instead' })).free_text).toBe('rename the columns instead');

    const multi = await mcp.call<any>('provide_choice', { ...request, selection_mode: 'multi', min_selections: 2, options: request.options.map((o) => ({ ...o, recommended: false })) });
    expect(multi.protocol_block).toContain('**Select 2–3**');
    const tooFew = await mcp.call<any>('provide_choice', { session_id: multi.session_id, reply: '1' });
    expect(tooFew.status).toBe('pending');
    expect(tooFew.protocol_block).toMatch(/at least 2/);
    const both = await mcp.call<any>('provide_choice', { session_id: multi.session_id, reply: '1, back up first' });
    expect(both.selected.map((s: any) => s.id)).toEqual(['go', 'backup']);

    const cancel = await mcp.call<any>('provide_choice', request);
    const cancelled = await mcp.call<any>('provide_choice', { session_id: cancel.session_id, reply: 'cancel: wrong branch' });
    expect(cancelled).toMatchObject({ status: 'cancelled', global_annotation: 'wrong branch', interface: 'chat' });
  });
});

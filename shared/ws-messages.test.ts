import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './ws-client-messages.js';
import { parseServerMessage } from './ws-messages.js';

const row = { kind: 'choice', id: 's1', title: 'T', status: 'pending', interface: 'web', active: true, waiting_on: 'person', created_at: '2026-01-01T00:00:00.000Z', ended_at: null, deadline_at: '2026-01-01T00:10:00.000Z', href: '/choice/s1' };

describe('hub messages as a client checks them', () => {
  it('accepts the core messages and passes extension messages aside', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'interactions.delta', added: [row], changed: [], removed: [{ kind: 'task', id: 't' }], active_total: 1 })).ok).toBe(true);
    expect(parseServerMessage(JSON.stringify({ type: 'pong', server_now: 2, client_now: 1 })).ok).toBe(true);
    const ext = parseServerMessage(JSON.stringify({ type: 'resolve.screen', lines: [] }));
    expect(ext).toMatchObject({ ok: false, extension: { type: 'resolve.screen' } });
  });

  it('names the field of the first problem', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'interactions.delta', added: [{ ...row, active: 'yes' }], changed: [], removed: [], active_total: 1 }))).toEqual({ ok: false, error: 'interactions.delta: added[0].active: expected true or false' });
    expect(parseServerMessage(JSON.stringify({ type: 'pong', server_now: 2, client_now: [[1]] }))).toEqual({ ok: false, error: 'pong: client_now: expected a number' });
    expect(parseServerMessage('{"type":"tick"}')).toMatchObject({ ok: false, error: 'type: unknown message type "tick"' });
    expect(parseServerMessage('{"type":"constructor"}')).toMatchObject({ ok: false, error: 'type: unknown message type "constructor"' });
  });
});

describe('client messages as the hub validates them (zod)', () => {
  it('accepts ping and follow, and namespaced extension messages for their handlers', () => {
    expect(parseClientMessage('{"type":"ping","client_now":5}')).toEqual({ ok: true, message: { type: 'ping', client_now: 5 } });
    expect(parseClientMessage('{"type":"follow","sessions":["a"]}')).toEqual({ ok: true, message: { type: 'follow', sessions: ['a'] } });
    expect(parseClientMessage('{"type":"task.input","data":"x"}').ok).toBe(true);
  });

  it('refuses with the field and the problem, oversized input unread', () => {
    expect(parseClientMessage('{"type":"ping","client_now":[[[]]]}')).toMatchObject({ ok: false, error: expect.stringMatching(/^client_now: /) });
    expect(parseClientMessage(JSON.stringify({ type: 'follow', sessions: Array(21).fill('a') }))).toMatchObject({ ok: false, error: expect.stringMatching(/^sessions: /) });
    expect(parseClientMessage(`{"type":"ping","client_now":${'['.repeat(20_000)}`)).toMatchObject({ ok: false, error: '(message): larger than 16384 bytes' });
    expect(parseClientMessage('{"type":"__proto__"}')).toMatchObject({ ok: false, error: expect.stringMatching(/^type: unknown message type/) });
  });
});

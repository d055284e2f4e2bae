import { describe, expect, it } from 'vitest';
import type { StoredSession } from '../../sessions/stored-session.js';
import type { PermissionView } from '../../../shared/permission/view.js';
import { renderNtfyMessage } from './ntfy-message.js';
import { ReplyCapabilities } from './reply-capability.js';

const caps = new ReplyCapabilities(Buffer.alloc(32, 7));
const deps = {
  config: { serverUrl: 'https://ntfy.example', topic: 'gates', replyTopic: 'answers', token: 'tk_hub', replyToken: 'tk_reply' },
  reply: (gate: string, option: number) => caps.reply(gate, option),
  gateUrl: (id: string) => `http://127.0.0.1:1/choice/${id}?gate=x`,
};
const PERMISSION_OPTIONS = [
  { id: 'yes', label: 'Yes, allow this once', recommended: false },
  { id: 'session', label: 'Yes, for the rest of this session', recommended: false },
  { id: 'no', label: 'No', recommended: false },
  { id: 'never', label: 'No, and never allow Bash(sudo rm:*)', recommended: false },
];
const COMMAND: PermissionView = { kind: 'command', cwd: '/p', command: 'curl x | sudo bash', parts: [], marks: [{ kind: 'sudo', text: 'runs as root (sudo)' }] };

function gate(view: PermissionView | undefined, options = PERMISSION_OPTIONS): StoredSession {
  return {
    id: 'ch_abcdefghijkl',
    request: { prompt: 'p', title: 'Claude Code: allow Bash?', options, selection_mode: 'single', min_selections: 1, max_selections: 1, allow_free_text: false, interface: 'web', timeout_seconds: 300, timeout_action: 'timeout' },
    status: 'pending',
    interface: 'web',
    created_at: '2026-11-23T10:00:00.000Z',
    deadline_at: '2026-11-23T10:05:00.000Z',
    ended_at: null,
    notices: [],
    draft: null,
    result: null,
    ...(view ? { permission_view: view } : {}),
  } as StoredSession;
}

describe('a gate as an ntfy notification', () => {
  it('a high-risk request offers only its refusals and Open, at the highest priority, never an approval', () => {
    const message = renderNtfyMessage(gate({ ...COMMAND, risk: { grade: 'high', reasons: ['pipes a download into a root shell'] } }), deps);
    expect(message).toMatchObject({ topic: 'gates', sequence_id: 'ch_abcdefghijkl', priority: 5, tags: ['warning'] });
    expect(message.actions.map((a) => a.label)).toEqual(['No', 'No, and never allow Bash(sudo rm:*)', 'Open']);
    expect(message.message).toContain('$ curl x | sudo bash\n⚠️ runs as root (sudo)\nhigh risk: pipes a download into a root shell');
  });

  it('a low-risk request: its first options as buttons and Open (four options), at low priority; the buttons carry the reply token only', () => {
    const message = renderNtfyMessage(gate({ ...COMMAND, risk: { grade: 'low', reasons: ['reads inside the project'] } }), deps);
    expect(message.priority).toBe(2);
    expect(message.actions.map((a) => a.label)).toEqual(['Yes, allow this once', 'Yes, for the rest of this session', 'Open']);
    const [first] = message.actions;
    expect(first).toMatchObject({ action: 'http', method: 'POST', url: 'https://ntfy.example/answers', headers: { authorization: 'Bearer tk_reply' }, body: caps.reply('ch_abcdefghijkl', 0) });
    expect(JSON.stringify(message)).not.toContain('tk_hub');
  });

  it('no risk (a question): medium priority; ended: who answered where, no buttons, same sequence id', () => {
    const pending = gate(undefined, PERMISSION_OPTIONS.slice(0, 3));
    expect(renderNtfyMessage(pending, deps).priority).toBe(3);
    expect(renderNtfyMessage(pending, deps).actions.map((a) => a.label)).toEqual(['Yes, allow this once', 'Yes, for the rest of this session', 'No']);
    const ended = { ...pending, status: 'submitted', result: { status: 'submitted', session_id: pending.id, selected: [{ id: 'no', label: 'No' }], annotations: {}, global_annotation: null, free_text: null, interface: 'web', answered_by: 'human', next_step: '' } } as StoredSession;
    expect(renderNtfyMessage(ended, deps)).toMatchObject({ sequence_id: pending.id, title: '✅ No — answered in the portal', actions: [] });
  });
});

describe('reply capabilities', () => {
  it('bound to gate and option, good once; anything else refused with its reason', () => {
    const mine = new ReplyCapabilities(Buffer.alloc(32, 1));
    const reply = mine.reply('ch_a', 1);
    expect(mine.check(reply.replace(' 1 ', ' 0 '))).toMatchObject({ ok: false, reason: 'forged' });
    expect(mine.check(reply.replace('ch_a', 'ch_b'))).toMatchObject({ ok: false, reason: 'forged' });
    expect(new ReplyCapabilities(Buffer.alloc(32, 2)).check(reply)).toMatchObject({ ok: false, reason: 'forged' });
    expect(mine.check('hello')).toMatchObject({ ok: false, reason: 'not-an-answer' });
    expect(mine.check(reply)).toEqual({ ok: true, answer: { gate: 'ch_a', option: 1, capability: reply.split(' ')[3] } });
    expect(mine.check(reply)).toMatchObject({ ok: false, reason: 'reused' });
  });
});

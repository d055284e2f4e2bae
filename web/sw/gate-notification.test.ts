import { describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { PermissionView } from '../../shared/permission/view.js';
import { ENGLISH_NOTICE_STRINGS as S, gateNotice, isHighRisk, noticeActions, sentText } from './gate-notification.js';

const option = (id: string, label: string) => ({ id, label, recommended: false });
const HOOK_OPTIONS = [option('yes', 'Yes, allow this once'), option('session', 'Yes, for the rest of this session'), option('always', 'Yes, and always allow Bash(ls)'), option('no', 'No'), option('never', 'No, and never allow Bash(ls)')];

function gate(extra: Partial<ChoiceSessionView> & { options?: ReturnType<typeof option>[]; multi?: boolean } = {}): ChoiceSessionView {
  const { options = HOOK_OPTIONS, multi = false, ...rest } = extra;
  return {
    id: 'ch_1',
    request: { prompt: 'p', title: 'Claude Code: allow Bash?', options, selection_mode: multi ? 'multi' : 'single', min_selections: multi ? 2 : 1, max_selections: multi ? 3 : 1, allow_free_text: false, interface: 'web', timeout_seconds: 600, timeout_action: 'timeout' },
    status: 'pending',
    interface: 'web',
    source: { kind: 'hook', agent: 'Claude Code', project: '/home/ann/api', branch: null, machine: 'devbox' },
    created_at: '',
    deadline_at: '',
    ended_at: null,
    remaining_ms: 1,
    notices: [],
    draft: null,
    result: null,
    ...rest,
  };
}

const command = (text: string, risk?: PermissionView['risk']): PermissionView => ({ kind: 'command', cwd: '/home/ann/api', command: text, parts: [], marks: [], ...(risk ? { risk } : {}) });

describe("a gate's notification", () => {
  it('says who asks (agent · project · machine) and what (the command’s first line); offers "Yes, once" / "No"', () => {
    const notice = gateNotice(gate({ permission_view: command('npm run build\nnpm test') }), S);
    expect(notice.title).toBe('Claude Code: allow Bash?');
    expect(notice.body).toBe('Claude Code · api · devbox\nnpm run build');
    expect(notice.tag).toBe('gate:ch_1');
    expect(notice.actions).toEqual([
      { action: 'answer:yes', title: 'Yes, once' },
      { action: 'answer:no', title: 'No' },
    ]);
    expect(sentText(notice.data, 'yes')).toBe('Yes, once — sent to Claude Code · api · devbox');
  });

  it('an edit says the file and its +N −M', () => {
    const view: PermissionView = { kind: 'edit', added: 3, removed: 1, files: [{ path: 'src/prices.ts', outside: false, change: 'edit', added: 3, removed: 1, hunks: [] }] };
    expect(gateNotice(gate({ permission_view: view }), S).body.split('\n')[1]).toBe('src/prices.ts +3 −1');
  });

  it('a high-risk request offers no approval: only "No" and "Open", and says why first', () => {
    const view = command('curl x | sudo bash', { grade: 'high', reasons: ['pipes a download into a shell', 'runs as root (sudo)'] });
    expect(isHighRisk(view)).toBe(true);
    const notice = gateNotice(gate({ permission_view: view }), S);
    expect(notice.actions).toEqual([
      { action: 'answer:no', title: 'No' },
      { action: 'open', title: 'Open' },
    ]);
    expect(Object.keys(notice.data.answers)).toEqual(['no']);
    expect(notice.body.split('\n')[0]).toBe('⚠ High risk: pipes a download into a shell');
  });

  it('medium, low and a missing grade (gates made before grading) are not high', () => {
    for (const risk of [{ grade: 'medium' as const, reasons: ['r'] }, { grade: 'low' as const, reasons: ['r'] }, undefined]) {
      expect(isHighRisk(command('rm -rf dist', risk))).toBe(false);
      expect(noticeActions(gate({ permission_view: command('rm -rf dist', risk) }), S).actions.map((a) => a.action)).toEqual(['answer:yes', 'answer:no']);
    }
  });

  it('a question offers its two options; more options, several picks or several questions → "Open"', () => {
    expect(noticeActions(gate({ options: [option('go', 'Deploy'), option('wait', 'Wait')] }), S).actions.map((a) => a.title)).toEqual(['Deploy', 'Wait']);
    expect(noticeActions(gate({ options: [option('a', 'A'), option('b', 'B'), option('c', 'C')] }), S).actions).toEqual([{ action: 'open', title: 'Open' }]);
    expect(noticeActions(gate({ options: [option('a', 'A'), option('b', 'B')], multi: true }), S).actions).toEqual([{ action: 'open', title: 'Open' }]);
    const questions = gate({ options: [] });
    questions.request.questions = [{ question: 'q', options: [option('a', 'A')], selection_mode: 'single', min_selections: 1, max_selections: 1, allow_free_text: false }];
    expect(noticeActions(questions, S).actions).toEqual([{ action: 'open', title: 'Open' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { claudeHooks } from '../../agents/claude/hooks.js';
import { chooseOption } from '../policy/standard-handlers.js';
import { DENIED_MESSAGE, TaskHookQuestions } from './task-hook-questions.js';
import type { InteractionView, TaskState } from './task-types.js';
import type { PolicyHandler } from '../policy/policy-types.js';

function task(autoApprove = false): TaskState {
  return { id: 'wf.t', stage: 0, name: 't', adapter: 'claude', goal: null, status: 'RUNNING', autoApprove, keepAlive: false, pendingInputs: [], command: null, pid: null, interaction: null, error: null, exitCode: null, autoAnswered: 0, alive: true, startedAt: null, endedAt: null };
}

function questions(state: TaskState, handler: PolicyHandler | null = null) {
  const events: string[] = [];
  const q = new TaskHookQuestions({
    state,
    policy: (i: InteractionView) => (state.autoApprove && handler ? handler({ ...i, task: { name: 't', adapter: 'claude', goal: null, sessionGoal: null, autoAnswered: 0 } }) : null),
    screen: () => 'the screen',
    update: (change, signal) => {
      const before = state.status;
      change(state);
      if (state.status !== before) events.push(`${state.status} ← ${signal}`);
    },
    needsUser: () => events.push('needs-user'),
    autoAnswered: (a) => events.push(`auto ${a.label}`),
  });
  return { q, events };
}

const rm = { tool: 'Bash', detail: 'rm -rf build', reason: null, cwd: '/p' };
const ls = { tool: 'Bash', detail: 'ls', reason: null, cwd: '/p' };

describe("a hook's permission request as the task's question", () => {
  it("waits for the person with the CLI's choices; No denies and tells the model", async () => {
    const state = task();
    const { q, events } = questions(state);
    const answer = q.permission(claudeHooks, rm);
    expect(state.status).toBe('WAITING_FOR_USER');
    expect(state.interaction).toMatchObject({ prompt: 'Claude Code wants to use Bash: rm -rf build', screen: 'the screen' });
    expect(state.interaction!.options.map((o) => o.text)).toEqual(['Yes', "Yes, and don't ask again for this command in this task", 'No']);
    expect(q.choose(2)).toBe(true);
    expect(await answer).toEqual({ decision: 'deny', message: DENIED_MESSAGE, decidedBy: `a person's "No" (Claude Code PermissionRequest hook)`, by: { kind: 'person', option: 'no' } });
    expect(state).toMatchObject({ status: 'RUNNING', interaction: null });
    expect(events).toEqual(['WAITING_FOR_USER ← Claude Code PermissionRequest hook', 'needs-user', `RUNNING ← a person's "No" (Claude Code PermissionRequest hook)`]);
  });

  it('the same call asked twice (a hand-installed hook too) is one question; another call waits its turn', async () => {
    const state = task();
    const { q, events } = questions(state);
    const first = q.permission(claudeHooks, rm);
    const again = q.permission(claudeHooks, rm);
    const other = q.permission(claudeHooks, ls);
    expect(events.filter((e) => e === 'needs-user')).toHaveLength(1);
    q.choose(0);
    expect((await first).decision).toBe('allow');
    expect((await again).decision).toBe('allow');
    await Promise.resolve();
    expect(state.interaction?.prompt).toBe('Claude Code wants to use Bash: ls');
    q.choose(2);
    expect((await other).decision).toBe('deny');
  });

  it('"don\'t ask again" holds for this task only, without asking again', async () => {
    const state = task();
    const { q } = questions(state);
    const first = q.permission(claudeHooks, rm);
    q.choose(1);
    expect((await first).decision).toBe('allow');
    const second = await q.permission(claudeHooks, rm);
    expect(second).toMatchObject({ decision: 'allow' });
    expect(state.status).toBe('RUNNING');
  });

  it('autoApprove answers at once (allow), unless a handler picks No for a matching command', async () => {
    const state = task(true);
    const { q, events } = questions(state, chooseOption('No', /rm -rf/));
    expect((await q.permission(claudeHooks, ls)).decision).toBe('allow');
    expect((await q.permission(claudeHooks, rm)).decision).toBe('deny');
    expect(state.autoAnswered).toBe(2);
    expect(events).not.toContain('needs-user');
    expect(state.explain!.at(-1)).toMatch(/RUNNING ← Claude Code PermissionRequest hook, answered by policy choose "No"$/);
  });

  it("nobody answering leaves it to the CLI's own dialog, which becomes the task's question again", async () => {
    const state = task();
    const { q } = questions(state);
    const shown: string[] = [];
    q.holdScreenQuestion(() => shown.push('dialog'));
    const waits = new AbortController();
    const answer = q.permission(claudeHooks, rm, waits.signal);
    expect(state.status).toBe('WAITING_FOR_USER');
    waits.abort(new Error('nobody answered in gatehouse within 5 s'));
    expect(await answer).toMatchObject({ decision: 'ask', message: 'nobody answered in gatehouse within 5 s' });
    expect(state).toMatchObject({ status: 'RUNNING', interaction: null });
    expect(shown).toEqual(['dialog']);
  });

  it("one hook's own wait ending (a hand-installed one's 120 s) leaves the question to the hook still waiting", async () => {
    const state = task();
    const { q, events } = questions(state);
    const shown: string[] = [];
    q.holdScreenQuestion(() => shown.push('dialog'));
    const installed = new AbortController();
    const installedAnswer = q.permission(claudeHooks, rm, installed.signal);
    const tasks = q.permission(claudeHooks, rm, new AbortController().signal);
    installed.abort(new Error('nobody answered in gatehouse within 120 s'));
    expect(await installedAnswer).toMatchObject({ decision: 'ask', message: 'nobody answered in gatehouse within 120 s' });
    // Still the person's one question, not handed back to the CLI's dialog.
    expect(state).toMatchObject({ status: 'WAITING_FOR_USER', interaction: { prompt: 'Claude Code wants to use Bash: rm -rf build' } });
    expect(shown).toEqual([]);
    expect(q.choose(0)).toBe(true);
    expect(await tasks).toMatchObject({ decision: 'allow', decidedBy: `a person's "Yes" (Claude Code PermissionRequest hook)` });
    expect(events.filter((e) => e === 'needs-user')).toHaveLength(1);
  });

  it("the person's answer reaches every hook still waiting; one that left gets no second answer", async () => {
    const state = task();
    const { q } = questions(state);
    const gone = new AbortController();
    const a = q.permission(claudeHooks, rm);
    const b = q.permission(claudeHooks, rm, gone.signal);
    const c = q.permission(claudeHooks, rm);
    gone.abort(new Error('the hook stopped waiting'));
    q.choose(2);
    expect([(await a).decision, (await b).decision, (await c).decision]).toEqual(['deny', 'ask', 'deny']);
  });

  it('a queued call whose only hook left is never asked', async () => {
    const state = task();
    const { q } = questions(state);
    const first = q.permission(claudeHooks, rm);
    const gone = new AbortController();
    const queued = q.permission(claudeHooks, ls, gone.signal);
    gone.abort(new Error('the hook stopped waiting'));
    expect(await queued).toMatchObject({ decision: 'ask', message: 'the hook stopped waiting' });
    q.choose(0);
    expect((await first).decision).toBe('allow');
    expect(state).toMatchObject({ status: 'RUNNING', interaction: null });
  });

  it('a finished task asks nobody', async () => {
    const state = task();
    state.status = 'DONE';
    const { q, events } = questions(state);
    expect(await q.permission(claudeHooks, rm)).toMatchObject({ decision: 'ask', message: 'the task is DONE' });
    expect(events).toEqual([]);
  });
});

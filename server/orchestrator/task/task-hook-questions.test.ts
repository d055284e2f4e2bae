import { describe, expect, it } from 'vitest';
import { claudeHooks } from '../../agents/claude/hooks.js';
import { chooseOption } from '../auto-answers/standard-handlers.js';
import { TaskHookQuestions, type HookAnswer, type PersonQuestion } from './task-hook-questions.js';
import type { InteractionView, TaskState } from './task-types.js';
import type { AnswerHandler } from '../auto-answers/answer-types.js';

function task(autoApprove = false): TaskState {
  return { id: 'wf.t', stage: 0, name: 't', adapter: 'claude', goal: null, status: 'RUNNING', autoApprove, keepAlive: false, pendingInputs: [], command: null, pid: null, interaction: null, error: null, exitCode: null, autoAnswered: 0, alive: true, startedAt: null, endedAt: null };
}

function questions(state: TaskState, handler: AnswerHandler | null = null) {
  const events: string[] = [];
  const q = new TaskHookQuestions({
    state,
    autoAnswer: (i: InteractionView) => (state.autoApprove && handler ? handler({ ...i, task: { name: 't', adapter: 'claude', goal: null, sessionGoal: null, autoAnswered: 0 } }) : null),
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

/**
 * The person's gate as the queue sees it (the hub's gate is tested through a real hub in
 * test/agents/task-hook-route.test.ts): options yes / no; `asked` counts the gates made.
 */
function gate() {
  const made: string[] = [];
  const answers = new Map<string, (a: HookAnswer) => void>();
  const person: PersonQuestion = {
    ask: (shown, withdraw) =>
      new Promise((resolve) => {
        const id = `gate-${made.length + 1}`;
        made.push(id);
        answers.set(id, resolve);
        withdraw.addEventListener('abort', () => made.push(`${id} withdrawn`));
        shown({ id, options: [{ id: 'yes', label: 'Yes, allow this once' }, { id: 'no', label: 'No' }] });
      }),
    answer: async (id, option) => {
      answers.get(id)!({ decision: option === 'no' ? 'deny' : 'allow', message: option, decidedBy: `the person: ${option}` });
    },
  };
  return { person, made };
}

const rm = { tool: 'Bash', detail: 'rm -rf build', reason: null, cwd: '/p' };
const ls = { tool: 'Bash', detail: 'ls', reason: null, cwd: '/p' };

describe("a hook's permission request as the task's question", () => {
  it("waits on the person's gate, its options the task's question; No from the task's page answers the gate", async () => {
    const state = task();
    const { q, events } = questions(state);
    const { person, made } = gate();
    const answer = q.permission(claudeHooks, rm, person);
    expect(state.status).toBe('WAITING_FOR_USER');
    expect(state.interaction).toMatchObject({ prompt: 'Claude Code wants to use Bash: rm -rf build', screen: 'the screen', gate: 'gate-1' });
    expect(state.interaction!.options.map((o) => o.text)).toEqual(['Yes, allow this once', 'No']);
    expect(await q.choose(1)).toBe(true);
    expect(await answer).toEqual({ decision: 'deny', message: 'no', decidedBy: 'the person: no' });
    expect(state).toMatchObject({ status: 'RUNNING', interaction: null });
    expect(events).toEqual(['WAITING_FOR_USER ← Claude Code PermissionRequest hook', 'needs-user', 'RUNNING ← the person: no']);
    expect(made).toEqual(['gate-1']);
  });

  it('an option the gate does not have is refused, naming how many there are', async () => {
    const state = task();
    const { q } = questions(state);
    void q.permission(claudeHooks, rm, gate().person);
    await expect(q.choose(5)).rejects.toThrow('option 5 is not one of the 2 choices');
    expect(state.status).toBe('WAITING_FOR_USER');
  });

  it('the same call asked twice (a hand-installed hook too) is one gate; another call waits its turn', async () => {
    const state = task();
    const { q, events } = questions(state);
    const { person, made } = gate();
    const first = q.permission(claudeHooks, rm, person);
    const again = q.permission(claudeHooks, rm, person);
    const other = q.permission(claudeHooks, ls, person);
    expect(events.filter((e) => e === 'needs-user')).toHaveLength(1);
    await q.choose(0);
    expect((await first).decision).toBe('allow');
    expect((await again).decision).toBe('allow');
    expect(state.interaction?.prompt).toBe('Claude Code wants to use Bash: ls');
    await q.choose(1);
    expect((await other).decision).toBe('deny');
    expect(made).toEqual(['gate-1', 'gate-2']);
  });

  it('autoApprove answers at once (allow), unless a handler picks No for a matching command; no gate is made', async () => {
    const state = task(true);
    const { q, events } = questions(state, chooseOption('No', /rm -rf/));
    const { person, made } = gate();
    expect((await q.permission(claudeHooks, ls, person)).decision).toBe('allow');
    expect((await q.permission(claudeHooks, rm, person)).decision).toBe('deny');
    expect(state.autoAnswered).toBe(2);
    expect(events).not.toContain('needs-user');
    expect(made).toEqual([]);
    expect(state.explain!.at(-1)).toMatch(/RUNNING ← Claude Code PermissionRequest hook, answered by answer handler choose "No"$/);
  });

  it('a request the policy puts to the person (personOnly) is not answered by autoApprove', async () => {
    const state = task(true);
    const { q } = questions(state, chooseOption('Yes', /./));
    const { person, made } = gate();
    const answer = q.permission(claudeHooks, rm, person, undefined, { personOnly: 'the ask rule Bash(rm:*)' });
    expect(made).toEqual(['gate-1']);
    await q.choose(0);
    expect((await answer).decision).toBe('allow');
    expect(state.autoAnswered).toBe(0);
  });

  it("nobody waiting any more withdraws the gate and leaves it to the CLI's own dialog, the task's question again", async () => {
    const state = task();
    const { q } = questions(state);
    const { person, made } = gate();
    const shown: string[] = [];
    q.holdScreenQuestion(() => shown.push('dialog'));
    const waits = new AbortController();
    const answer = q.permission(claudeHooks, rm, person, waits.signal);
    expect(state.status).toBe('WAITING_FOR_USER');
    waits.abort(new Error('nobody answered in gatehouse within 5 s'));
    expect(await answer).toMatchObject({ decision: 'ask', message: 'nobody answered in gatehouse within 5 s' });
    expect(state).toMatchObject({ status: 'RUNNING', interaction: null });
    expect(shown).toEqual(['dialog']);
    expect(made).toEqual(['gate-1', 'gate-1 withdrawn']);
  });

  it("one hook's own wait ending (a hand-installed one's 120 s) leaves the gate to the hook still waiting", async () => {
    const state = task();
    const { q, events } = questions(state);
    const { person, made } = gate();
    const shown: string[] = [];
    q.holdScreenQuestion(() => shown.push('dialog'));
    const installed = new AbortController();
    const installedAnswer = q.permission(claudeHooks, rm, person, installed.signal);
    const tasks = q.permission(claudeHooks, rm, person, new AbortController().signal);
    installed.abort(new Error('nobody answered in gatehouse within 120 s'));
    expect(await installedAnswer).toMatchObject({ decision: 'ask', message: 'nobody answered in gatehouse within 120 s' });
    // Still the person's one gate, not handed back to the CLI's dialog.
    expect(state).toMatchObject({ status: 'WAITING_FOR_USER', interaction: { prompt: 'Claude Code wants to use Bash: rm -rf build' } });
    expect(shown).toEqual([]);
    expect(await q.choose(0)).toBe(true);
    expect(await tasks).toMatchObject({ decision: 'allow', decidedBy: 'the person: yes' });
    expect(events.filter((e) => e === 'needs-user')).toHaveLength(1);
    expect(made).toEqual(['gate-1']);
  });

  it("the person's answer reaches every hook still waiting; one that left gets no second answer", async () => {
    const state = task();
    const { q } = questions(state);
    const { person } = gate();
    const gone = new AbortController();
    const a = q.permission(claudeHooks, rm, person);
    const b = q.permission(claudeHooks, rm, person, gone.signal);
    const c = q.permission(claudeHooks, rm, person);
    gone.abort(new Error('the hook stopped waiting'));
    await q.choose(1);
    expect([(await a).decision, (await b).decision, (await c).decision]).toEqual(['deny', 'ask', 'deny']);
  });

  it('a queued call whose only hook left is never asked', async () => {
    const state = task();
    const { q } = questions(state);
    const { person, made } = gate();
    const first = q.permission(claudeHooks, rm, person);
    const gone = new AbortController();
    const queued = q.permission(claudeHooks, ls, person, gone.signal);
    gone.abort(new Error('the hook stopped waiting'));
    expect(await queued).toMatchObject({ decision: 'ask', message: 'the hook stopped waiting' });
    await q.choose(0);
    expect((await first).decision).toBe('allow');
    expect(state).toMatchObject({ status: 'RUNNING', interaction: null });
    expect(made).toEqual(['gate-1']);
  });

  it('a finished task asks nobody', async () => {
    const state = task();
    state.status = 'DONE';
    const { q, events } = questions(state);
    const { person, made } = gate();
    expect(await q.permission(claudeHooks, rm, person)).toMatchObject({ decision: 'ask', message: 'the task is DONE' });
    expect(events).toEqual([]);
    expect(made).toEqual([]);
  });

  it('the task ending withdraws the pending gate', async () => {
    const state = task();
    const { q } = questions(state);
    const { person, made } = gate();
    const answer = q.permission(claudeHooks, rm, person);
    q.end();
    expect(await answer).toMatchObject({ decision: 'ask', message: 'the task ended' });
    expect(made).toEqual(['gate-1', 'gate-1 withdrawn']);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { stripAnsi } from '../../server/orchestrator/terminal/ansi.js';
import type { AnswerAction } from '../../server/orchestrator/auto-answers/answer-types.js';
import type { TaskState } from '../../server/orchestrator/task/task-types.js';
import { FAKE_AGENT, finished, taskWhere, tempDataDir } from '../support/orchestrator-fixture.js';

describe('answer handlers on a real agent-like TUI', () => {
  let data: ReturnType<typeof tempDataDir>;
  let orchestrator: Orchestrator;
  let needed: TaskState[];
  let auto: AnswerAction[];
  let output: string;
  beforeEach(() => {
    data = tempDataDir();
    orchestrator = new Orchestrator({ dataDir: data.dir });
    needed = [];
    auto = [];
    output = '';
    orchestrator.on('interaction-needed', (task) => needed.push(structuredClone(task)));
    orchestrator.on('auto-answered', (_task, action) => auto.push(action));
    orchestrator.on('output', (_id, data) => (output += data));
  });
  afterEach(async () => {
    await orchestrator.shutdown();
    data.cleanup();
  });

  it('autoApprove + a matching handler: the action is applied at once and no user event is raised', async () => {
    // The generic adapter runs the agent without its --auto-approve flag, so it really asks; the task's handler answers.
    const session = orchestrator.start({
      stages: [
        {
          tasks: [
            {
              name: 'agent',
              command: process.execPath,
              args: [FAKE_AGENT],
              autoApprove: true,
              idle: ['^> ?$'],
              busy: ['esc to interrupt'],
              handlers: [{ type: 'answer', when: 'Allow this action\\? \\(y/n\\)', text: 'y' }],
            },
          ],
        },
      ],
    });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    expect(needed).toEqual([]);
    expect(auto).toEqual([{ type: 'text', text: 'y', submit: true, label: 'answer "y"' }]);
    expect(result.tasks[0].autoAnswered).toBe(1);
    expect(stripAnsi(output)).toContain('Action approved.');
  });

  // Under a loaded full suite a half-drawn menu is sometimes raised to a person (no options) before the policy
  // sees the whole menu — the same open bug as fake-agent-flow's double answer (issue 10). Retried meanwhile.
  it('autoApprove + a choose handler picks a menu option through the generic menu parser', async () => {
    const session = orchestrator.start({ stages: [{ tasks: [{ name: 'agent', adapter: 'fake-agent', autoApprove: true, pendingInputs: ['/menu'] }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    expect(needed).toEqual([]);
    expect(auto).toEqual([{ type: 'choose', index: 1, label: 'choose "balanced-medium"' }]);
    expect(stripAnsi(output)).toContain('Model set to balanced-medium.');
  });

  it('an answer handler answers a prompt once: when the program takes the answer and shows nothing new, a person is asked instead of answering again', async () => {
    // Reads Enter after Enter without echo or output: every answer leaves the screen as it was.
    const session = orchestrator.start({ stages: [{ tasks: [{ name: 'deaf', command: 'bash', args: ['-c', "printf 'Press Enter to continue '; while true; do read -rs _; done"], autoApprove: true, handlers: [{ type: 'pressEnter', when: 'Press Enter' }] }] }] });
    const waiting = await taskWhere(orchestrator, (t) => t.name === 'deaf' && t.status === 'WAITING_FOR_USER');
    expect(auto).toEqual([{ type: 'keys', keys: '\r', label: 'Enter' }]);
    expect(waiting.autoAnswered).toBe(1);
    expect(needed.map((t) => t.id)).toEqual([waiting.id]);
    expect(waiting.interaction?.screen).toContain('it is not answered twice');
    expect(waiting.interaction?.screen).toContain('Press Enter to continue');
    await orchestrator.stopTask(waiting.id);
    expect((await finished(orchestrator, session)).status).toBe('FAILED');
  });

  it('autoApprove but no handler matches: falls back to a person (WAITING_FOR_USER + event), who answers the parsed menu', async () => {
    const manual = orchestrator.start({ stages: [{ tasks: [{ name: 'plain', command: process.execPath, args: [FAKE_AGENT, '--auto-approve'], autoApprove: true, idle: ['^> ?$'], busy: ['esc to interrupt'], pendingInputs: ['/menu'], handlers: [{ type: 'answer', when: 'nothing like this', text: 'x' }] }] }] });
    const waiting = await taskWhere(orchestrator, (t) => t.name === 'plain' && t.status === 'WAITING_FOR_USER');
    expect(needed.map((t) => t.id)).toEqual([waiting.id]);
    expect(waiting.interaction?.prompt).toContain('Pick a model');
    expect(waiting.interaction?.options.map((o) => o.text)).toEqual(['fast-small', 'balanced-medium', 'careful-large']);
    orchestrator.liveRunner(waiting.id).choose(2);
    const result = await finished(orchestrator, manual);
    expect(result.status).toBe('DONE');
    expect(stripAnsi(output)).toContain('Model set to careful-large.');
  });
});

// One wait in, one decision out, with the signal a status change would record.
import { describe, expect, it } from 'vitest';
import { adapterFromConfig } from '../adapters/adapter.js';
import { adapterConfigSchema } from '../../agents/adapter-schema.js';
import type { TerminalWait } from '../terminal/task-terminal.js';
import { taskDefinitionSchema } from '../workflow/workflow-schema.js';
import type { TaskState } from './task-types.js';
import { routeWait, type WaitRoutingTask } from './wait-routing.js';

const adapter = adapterFromConfig('shell', adapterConfigSchema.parse({ command: 'sh', detect: { idle: ['^\\$ ?$'], busy: ['working…'] } }));

function wait(screen: string, over: Partial<TerminalWait> = {}): TerminalWait {
  const lines = screen.split('\n');
  return { prompt: '', options: [], cursor: 0, screen, unchangedSinceInput: false, cursorLine: lines[lines.length - 1], drawn: true, ...over };
}

function task(over: Partial<WaitRoutingTask> = {}, state: Partial<TaskState> = {}): WaitRoutingTask {
  return {
    state: { status: 'RUNNING', pendingInputs: [], ...state } as TaskState,
    definition: taskDefinitionSchema.parse({ adapter: 'shell' }),
    adapter,
    acting: false,
    hookAsking: false,
    hooked: false,
    answeredItself: false,
    ownAnswerPassed: () => {},
    hookProofAwaiting: false,
    startScreens: null,
    turns: null,
    ...over,
  };
}

describe('a task routes each wait to one decision and the signal behind it', () => {
  it('its prompt: idle, "screen read as idle"; a busy screen: busy; anything else: a question', () => {
    expect(routeWait(wait('$ '), task())).toMatchObject({ act: 'idle', signal: 'screen read as idle' });
    expect(routeWait(wait('working…'), task())).toMatchObject({ act: 'busy', signal: 'screen read as busy' });
    expect(routeWait(wait('Overwrite? (y/n)'), task())).toMatchObject({ act: 'ask', signal: 'screen read as a question' });
  });

  it('not read while keys are being pressed, while the hook owns the question, or once the task is over', () => {
    expect(routeWait(wait('Overwrite? (y/n)'), task({ acting: true }))).toEqual({ act: 'ignore' });
    expect(routeWait(wait('Overwrite? (y/n)'), task({ hookAsking: true }))).toEqual({ act: 'ignore' });
    expect(routeWait(wait('Overwrite? (y/n)'), task({}, { status: 'DONE' }))).toEqual({ act: 'ignore' });
  });

  it("the screen gatehouse's own answer was given on, unchanged: not answered twice; a new screen clears that", () => {
    const same = wait('Overwrite? (y/n)', { unchangedSinceInput: true });
    expect(routeWait(same, task({ answeredItself: true }))).toEqual({ act: 'unchanged', wait: same });
    let passed = false;
    expect(routeWait(wait('Overwrite? (y/n)'), task({ answeredItself: true, ownAnswerPassed: () => (passed = true) })).act).toBe('ask');
    expect(passed).toBe(true);
  });

  it('an idle prompt is held while the hooks are still to be proven', () => {
    expect(routeWait(wait('$ '), task({ hookProofAwaiting: true }))).toEqual({ act: 'hold' });
  });
});

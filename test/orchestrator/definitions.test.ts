import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdapterConfigError, AdapterRegistry } from '../../server/orchestrator/adapters/adapter-registry.js';
import { stripAnsi } from '../../server/orchestrator/terminal/ansi.js';
import { CheckpointStore } from '../../server/orchestrator/workflow/checkpoint-store.js';
import { SessionManager } from '../../server/orchestrator/workflow/session-manager.js';
import { answerPrompt, chooseOption, compileHandler, pressEnter, resolveWithHandlers } from '../../server/orchestrator/auto-answers/standard-handlers.js';
import type { HandlerContext } from '../../server/orchestrator/auto-answers/answer-types.js';
import { parseWorkflow, parseWorkflowText } from '../../server/orchestrator/workflow/workflow-file.js';
import { RequestValidationError } from '../../shared/validation-error.js';
import { tempDataDir } from '../support/orchestrator-fixture.js';

const context = (over: Partial<HandlerContext> = {}): HandlerContext => ({
  prompt: '',
  options: [],
  cursor: 0,
  screen: '',
  task: { name: 't', adapter: 'command', goal: null, sessionGoal: null, autoAnswered: 0 },
  ...over,
});

function problems(raw: unknown): string[] {
  try {
    parseWorkflow(raw);
  } catch (error) {
    if (error instanceof RequestValidationError) return error.problems.map((p) => `${p.field}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('workflow files', () => {
  it('accepts YAML and JSON with defaults filled in', () => {
    const yaml = parseWorkflow(parseWorkflowText('goal: ship it\nstages:\n  - tasks:\n      - adapter: claude\n        goal: review\n        autoApprove: true\n'));
    expect(yaml.goal).toBe('ship it');
    expect(yaml.stages[0].tasks[0]).toMatchObject({ adapter: 'claude', goal: 'review', autoApprove: true, keepAlive: false, pendingInputs: [] });
    const json = parseWorkflow(parseWorkflowText('{"stages":[{"tasks":[{"command":"bash","pendingInputs":["ls"]}]}]}'));
    expect(json.stages[0].tasks[0]).toMatchObject({ adapter: 'command', command: 'bash', pendingInputs: ['ls'] });
  });

  it('names the field of every error', () => {
    expect(problems({})).toEqual(['stages: must be a list of stages']);
    expect(problems({ stages: [] })).toEqual(['stages: a workflow needs at least one stage']);
    expect(problems({ stages: [{ tasks: [] }] })).toEqual(['stages[0].tasks: a stage needs at least one task']);
    expect(problems({ stages: [{ tasks: [{ adapter: 'command' }] }] })).toEqual(['stages[0].tasks[0].command: the "command" adapter needs a command']);
    expect(problems({ stages: [{ tasks: [{ adapter: 'bash', keepAlive: 'yes', pendingInputs: [1] }] }] })).toEqual([
      'stages[0].tasks[0].pendingInputs[0]: must be a string',
      'stages[0].tasks[0].keepAlive: must be true or false',
    ]);
    expect(problems({ stages: [{ tasks: [{ name: 'a', adapter: 'bash' }] }, { tasks: [{ name: 'a', adapter: 'bash' }] }] })).toEqual(['stages[1].tasks[0].name: duplicate "a"']);
    expect(problems({ stages: [{ tasks: [{ adapter: 'bash', handlers: [{ type: 'answer', when: '(', text: 'y' }] }] }] })).toEqual([
      'stages[0].tasks[0].handlers[0].when: is not a valid regular expression',
    ]);
  });
});

describe('adapters as data', () => {
  let data: ReturnType<typeof tempDataDir>;
  beforeEach(() => (data = tempDataDir()));
  afterEach(() => data.cleanup());

  it('appends injectArgs only with autoApprove', () => {
    const claude = AdapterRegistry.load(data.dir).get('claude')!;
    expect(claude.getLaunchConfig({ autoApprove: false })).toMatchObject({ command: 'claude', args: [] });
    // Flags the pinned versions accept: no --dangerously-skip-permissions (refused as root), --full-auto (gone in
    // Codex 0.169) or --yolo (deprecated in Gemini CLI 0.61).
    // Claude Code's, Gemini CLI's and Qwen Code's permissions reach the task's policy through their hooks: no flag
    // for autoApprove (Gemini's run always gets --approval-mode yolo from its hook wiring, the hook being the gate).
    expect(claude.getLaunchConfig({ autoApprove: true, args: ['-p', 'hi'] })).toMatchObject({ command: 'claude', args: ['-p', 'hi'] });
    const auto: Array<[string, string[], string[]]> = [
      ['codex', ['--no-daemon'], ['--sandbox', 'workspace-write', '--ask-for-approval', 'on-request']],
      ['gemini', [], []],
      ['qwen', [], []],
      ['aider', [], ['--yes-always']],
    ];
    for (const [id, always, flags] of auto) {
      expect(AdapterRegistry.load(data.dir).get(id)!.getLaunchConfig({ autoApprove: true }).args).toEqual([...always, ...flags]);
      expect(AdapterRegistry.load(data.dir).get(id)!.getLaunchConfig({ autoApprove: false }).args).toEqual(always);
    }
  });

  it('the user file adds adapters and overrides built-in fields without code changes', () => {
    writeFileSync(join(data.dir, 'adapters.yaml'), 'adapters:\n  claude:\n    command: /opt/claude/bin/claude\n  mytool:\n    command: mytool\n    args: [--chat]\n    autoPolicy: { injectArgs: [--yes] }\n');
    const registry = AdapterRegistry.load(data.dir);
    expect(registry.get('claude')!.getLaunchConfig({ autoApprove: true }).command).toBe('/opt/claude/bin/claude');
    expect(registry.get('claude')!.getLaunchConfig({ autoApprove: true }).args).toEqual([]);
    expect(registry.get('mytool')!.getLaunchConfig({ autoApprove: true })).toMatchObject({ command: 'mytool', args: ['--chat', '--yes'] });
  });

  it('a broken user file is reported with the adapter and field', () => {
    writeFileSync(join(data.dir, 'adapters.yaml'), 'adapters:\n  mytool:\n    args: nope\n');
    expect(() => AdapterRegistry.load(data.dir)).toThrow(AdapterConfigError);
    expect(() => AdapterRegistry.load(data.dir)).toThrow(/adapters\.mytool: args: /);
  });
});

describe('standard handlers', () => {
  it('pressEnter returns a carriage return', () => {
    expect(pressEnter(context())).toEqual({ type: 'keys', keys: '\r', label: 'Enter' });
  });

  it('answerPrompt answers only a matching prompt', () => {
    const handler = answerPrompt(/continue\?/i, 'yes');
    expect(handler(context({ prompt: 'Continue? [y/N]' }))).toEqual({ type: 'text', text: 'yes', submit: true, label: 'answer "yes"' });
    expect(handler(context({ prompt: 'Delete everything?' }))).toBeNull();
  });

  it('chooseOption picks by case-insensitive substring among the parsed options', () => {
    const options = [
      { index: 0, text: 'Yes' },
      { index: 1, text: "Yes, and don't ask again" },
      { index: 2, text: 'No, tell me what to do' },
    ];
    expect(chooseOption("don't ask")(context({ options }))).toMatchObject({ type: 'choose', index: 1 });
    expect(chooseOption('maybe')(context({ options }))).toBeNull();
  });

  it('the first handler that returns an action wins', () => {
    const handlers = [compileHandler({ type: 'answer', when: 'name', text: 'x' }), compileHandler({ type: 'pressEnter' }), compileHandler({ type: 'keys', when: '.', keys: ['escape'] })];
    expect(resolveWithHandlers(handlers, context({ prompt: 'your name?' }))).toMatchObject({ type: 'text', text: 'x' });
    expect(resolveWithHandlers(handlers, context({ prompt: 'press any key' }))).toMatchObject({ type: 'keys', keys: '\r' });
    expect(resolveWithHandlers([], context())).toBeNull();
  });
});

describe('output sanitisation and checkpoints', () => {
  it('stripAnsi leaves the text a person would read', () => {
    expect(stripAnsi('\x1b[1mbold\x1b[0m \x1b]0;title\x07plain\r\n\x1b[36m⠋\x1b[0m work\r\x1b[2Kdone\r\n')).toBe('bold plain\ndone\n');
  });

  it('checkpoints are whole JSON files written through a temp file + rename', () => {
    const data = tempDataDir();
    try {
      const manager = new SessionManager(data.dir);
      const session = manager.create(parseWorkflow({ goal: 'g', stages: [{ tasks: [{ adapter: 'bash' }] }] }), { cwd: data.dir });
      for (let i = 0; i < 50; i++) manager.update(session, (s) => (s.currentStageIndex = i));
      const store = new CheckpointStore(data.dir);
      expect(store.load(session.id)).toMatchObject({ id: session.id, goal: 'g', currentStageIndex: 49 });
      expect(readdirSync(store.dir)).toEqual([`${session.id}.json`]);
      expect(existsSync(store.pathOf(session.id))).toBe(true);
    } finally {
      data.cleanup();
    }
  });
});

// The settings guard read the way Qwen Code 0.15.10 merges its files (the real CLI's behaviour under these
// settings is in test/agents/qwen-settings-guard.test.ts).
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot, write } from '../../../test/support/temp-root.js';
import { qwenFindings, qwenLayers, qwenPlan } from './settings-guard.js';

const temp = tempRoot('gatehouse-hook-guard-');

function qwen(files: { user?: unknown; workspace?: unknown; system?: unknown; workspaceText?: string }, root = mkdtempSync(join(temp.rootDir, 'q-'))) {
  const cwd = join(root, 'proj');
  const env = { QWEN_CODE_SYSTEM_SETTINGS_PATH: join(root, 'etc/qwen.json') };
  if (files.system) write(env.QWEN_CODE_SYSTEM_SETTINGS_PATH, JSON.stringify(files.system));
  if (files.workspace || files.workspaceText) write(join(cwd, '.qwen/settings.json'), files.workspaceText ?? JSON.stringify(files.workspace));
  const userFile = join(root, 'home/.qwen/settings.json');
  if (files.user) write(userFile, JSON.stringify(files.user));
  return qwenPlan(qwenFindings(qwenLayers(env, cwd, { file: join(root, 'task/qwen-system-defaults.json'), settings: { hooks: {} } }, userFile)));
}

describe('Qwen Code: its hooks on, and asked whenever a tool runs', () => {
  it('nothing in the way: no change', () => {
    expect(qwen({ user: { general: { enableAutoUpdate: false } } })).toEqual({ args: [], hooksRun: true, note: null });
  });

  it('disableAllHooks: the hooks do not run (its own dialog asks on screen), and the note names the file', () => {
    const plan = qwen({ workspace: { disableAllHooks: true } }, temp.root);
    expect(plan.hooksRun).toBe(false);
    expect(plan.args).toEqual([]);
    expect(plan.note).toBe(`gatehouse's hooks would not run (disableAllHooks true in ${join(temp.root, 'proj/.qwen/settings.json')}): Qwen Code's own dialog asks, on screen`);
  });

  it('tools.approvalMode yolo or auto-edit from any file: --approval-mode default; plan and default stay', () => {
    expect(qwen({ user: { tools: { approvalMode: 'yolo' } } }).args).toEqual(['--approval-mode', 'default']);
    expect(qwen({ workspace: { tools: { approvalMode: 'auto-edit' } } }).args).toEqual(['--approval-mode', 'default']);
    expect(qwen({ user: { tools: { approvalMode: 'yolo' } }, system: { tools: { approvalMode: 'plan' } } }).args).toEqual([]);
  });

  it('standing allow rules are named (the person’s or the project’s own yes: not overridden)', () => {
    const plan = qwen({ workspace: { permissions: { allow: ['Bash(git *)'] } } }, temp.root);
    expect(plan.args).toEqual([]);
    expect(plan.note).toBe(`Qwen Code runs what permissions.allow ["Bash(git *)"] in ${join(temp.root, 'proj/.qwen/settings.json')} allows without asking (no hook is asked)`);
  });

  it('a file that is not plain JSON: taken as hooks off and tools unasked', () => {
    const plan = qwen({ workspaceText: '{ /* comment */ }' });
    expect(plan.hooksRun).toBe(false);
    expect(plan.args).toEqual(['--approval-mode', 'default']);
  });
});

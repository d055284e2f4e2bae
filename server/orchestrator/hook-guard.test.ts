// The settings guard read the way Gemini CLI 0.61 and Qwen Code 0.15.10 merge their files (the real CLIs'
// behaviour under these settings is in test/agents/*-settings-guard.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codexHooksOff, describeSetting, geminiFindings, geminiLayers, geminiPlan, qwenFindings, qwenLayers, qwenPlan, readLayer } from './hook-guard.js';

let rootDir: string;
let root: string;
beforeEach(() => {
  rootDir = mkdtempSync(join(tmpdir(), 'gatehouse-hook-guard-'));
  root = join(rootDir, 'main');
});
afterEach(() => rmSync(rootDir, { recursive: true, force: true }));

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const HOOK = '"/usr/bin/node" "/x/gatehouse-hook.cjs" gemini BeforeTool --wait 3600 --task "wf-1.agent"';

function gemini(files: { systemDefaults?: unknown; user?: unknown; workspace?: unknown; system?: unknown }, root = mkdtempSync(join(rootDir, 'g-'))) {
  const cwd = join(root, 'proj');
  const env = { GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'etc/settings.json'), GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(root, 'etc/defaults.json') };
  if (files.systemDefaults) write(env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH, JSON.stringify(files.systemDefaults));
  if (files.system) write(env.GEMINI_CLI_SYSTEM_SETTINGS_PATH, JSON.stringify(files.system));
  if (files.workspace) write(join(cwd, '.gemini/settings.json'), JSON.stringify(files.workspace));
  const user = { file: join(root, 'home/.gemini/settings.json'), settings: (files.user ?? {}) as Record<string, unknown> };
  return geminiPlan(geminiFindings(geminiLayers(env, cwd, user), HOOK));
}

describe('Gemini CLI: yolo only while gatehouse’s hook is sure to run', () => {
  it('nothing in the way: yolo', () => {
    expect(gemini({ user: { security: { auth: { selectedType: 'gemini-api-key' } } } })).toEqual({ refuse: null, yolo: true, note: null });
  });

  it("the project's hooksConfig.enabled false: refused, naming the setting and the file", () => {
    const plan = gemini({ workspace: { hooksConfig: { enabled: false } } }, root);
    expect(plan.refuse).toContain(`gatehouse's hooks would not run in Gemini CLI: hooksConfig.enabled false in ${join(root, 'proj/.gemini/settings.json')}.`);
    expect(plan.yolo).toBe(false);
  });

  it('the last file that sets it wins: system settings over the workspace, the workspace over the user', () => {
    expect(gemini({ workspace: { hooksConfig: { enabled: false } }, system: { hooksConfig: { enabled: true } } }).yolo).toBe(true);
    expect(gemini({ user: { hooksConfig: { enabled: false } }, workspace: { hooksConfig: { enabled: true } } }).yolo).toBe(true);
    expect(gemini({ systemDefaults: { hooksConfig: { enabled: false } } }, root).refuse).toContain(`in ${join(root, 'etc/defaults.json')}`);
  });

  it("hooksConfig.disabled naming the task's own hook command (a union of every file): refused", () => {
    expect(gemini({ user: { hooksConfig: { disabled: ['something else'] } } }).yolo).toBe(true);
    expect(gemini({ system: { hooksConfig: { disabled: [HOOK] } } }).refuse).toContain('hooksConfig.disabled');
  });

  it('security.disableYoloMode: runs without yolo (Gemini would exit 52), and says which file', () => {
    const plan = gemini({ workspace: { security: { disableYoloMode: true } } }, root);
    expect(plan).toEqual({ refuse: null, yolo: false, note: expect.stringContaining(`Gemini CLI refuses it: security.disableYoloMode true in ${join(root, 'proj/.gemini/settings.json')}`) });
  });

  it('a file that is not plain JSON (Gemini accepts comments): what it sets is unknown, so refused', () => {
    write(join(root, 'proj/.gemini/settings.json'), '{ // the project\n "hooksConfig": { "enabled": false } }');
    const plan = gemini({}, root);
    expect(plan.refuse).toMatch(/proj\/\.gemini\/settings\.json is not plain JSON \(.+\), so what it sets is unknown — gatehouse cannot tell/);
  });
});

function qwen(files: { user?: unknown; workspace?: unknown; system?: unknown; workspaceText?: string }, root = mkdtempSync(join(rootDir, 'q-'))) {
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
    const plan = qwen({ workspace: { disableAllHooks: true } }, root);
    expect(plan.hooksRun).toBe(false);
    expect(plan.args).toEqual([]);
    expect(plan.note).toBe(`gatehouse's hooks would not run (disableAllHooks true in ${join(root, 'proj/.qwen/settings.json')}): Qwen Code's own dialog asks, on screen`);
  });

  it('tools.approvalMode yolo or auto-edit from any file: --approval-mode default; plan and default stay', () => {
    expect(qwen({ user: { tools: { approvalMode: 'yolo' } } }).args).toEqual(['--approval-mode', 'default']);
    expect(qwen({ workspace: { tools: { approvalMode: 'auto-edit' } } }).args).toEqual(['--approval-mode', 'default']);
    expect(qwen({ user: { tools: { approvalMode: 'yolo' } }, system: { tools: { approvalMode: 'plan' } } }).args).toEqual([]);
  });

  it('standing allow rules are named (the person’s or the project’s own yes: not overridden)', () => {
    const plan = qwen({ workspace: { permissions: { allow: ['Bash(git *)'] } } }, root);
    expect(plan.args).toEqual([]);
    expect(plan.note).toBe(`Qwen Code runs what permissions.allow ["Bash(git *)"] in ${join(root, 'proj/.qwen/settings.json')} allows without asking (no hook is asked)`);
  });

  it('a file that is not plain JSON: taken as hooks off and tools unasked', () => {
    const plan = qwen({ workspaceText: '{ /* comment */ }' });
    expect(plan.hooksRun).toBe(false);
    expect(plan.args).toEqual(['--approval-mode', 'default']);
  });
});

it('readLayer: absent, an object, and not an object', () => {
  expect(readLayer(join(root, 'none.json'))).toEqual({ file: join(root, 'none.json'), settings: null });
  expect(readLayer(write(join(root, 'a.json'), '{"a":1}')).settings).toEqual({ a: 1 });
  expect(readLayer(write(join(root, 'b.json'), '[1]')).unreadable).toBe('not a JSON object');
});

describe("Codex: features.hooks in its TOML layers", () => {
  function codex(files: { etcConfig?: string; person?: string; project?: string; managed?: string; requirements?: string }) {
    const dir = mkdtempSync(join(rootDir, 'c-'));
    const etc = join(dir, 'etc');
    const person = join(dir, 'home/.codex/config.toml');
    const cwd = join(dir, 'proj');
    if (files.etcConfig) write(join(etc, 'config.toml'), files.etcConfig);
    if (files.person) write(person, files.person);
    if (files.project) write(join(cwd, '.codex/config.toml'), files.project);
    if (files.managed) write(join(etc, 'managed_config.toml'), files.managed);
    if (files.requirements) write(join(etc, 'requirements.toml'), files.requirements);
    const found = codexHooksOff(person, cwd, etc);
    return found && { ...found, file: found.file.slice(dir.length + 1) };
  }

  it('off in a [features] table, by either name, a comment after it', () => {
    expect(codex({ person: 'model = "x"\n[features]\nhooks = false # quiet\n[projects."/p"]\ntrust_level = "trusted"\n' })).toEqual({ setting: 'features.hooks', value: false, file: 'home/.codex/config.toml' });
    expect(codex({ project: '[features]\ncodex_hooks = false\n' })?.file).toBe('proj/.codex/config.toml');
  });

  it('dotted and inline forms at the top level; a key of another table does not count', () => {
    expect(codex({ person: 'features.hooks = false\n' })?.value).toBe(false);
    expect(codex({ person: 'features = { hooks = false, other = true }\n' })?.value).toBe(false);
    expect(codex({ person: '[profiles.fast]\nfeatures.hooks = false\n[other]\nhooks = false\n' })).toBeNull();
  });

  it('the last layer that sets it wins: the project over the person, managed config over all', () => {
    expect(codex({ person: '[features]\nhooks = false\n', project: '[features]\nhooks = true\n' })).toBeNull();
    expect(codex({ etcConfig: '[features]\nhooks = false\n' })?.file).toBe('etc/config.toml');
    expect(codex({ project: '[features]\nhooks = true\n', managed: '[features]\nhooks = false\n' })?.file).toBe('etc/managed_config.toml');
  });

  it('a layer that is not valid TOML: what it sets is unknown, so it is taken as hooks off, naming the file', () => {
    const found = codex({ person: '[features]\nhooks = true\n', project: '[features\nhooks = false\n' });
    expect(found).toMatchObject({ setting: '(the whole file)', file: 'proj/.codex/config.toml' });
    expect(describeSetting(found!)).toMatch(/^proj\/\.codex\/config\.toml is not valid TOML \(.+\), so what it sets is unknown$/);
  });

  it("requirements.toml's allow_managed_hooks_only keeps gatehouse's hook from running", () => {
    expect(codex({ requirements: 'allow_managed_hooks_only = true\n' })).toEqual({ setting: 'allow_managed_hooks_only', value: true, file: 'etc/requirements.toml' });
  });
});

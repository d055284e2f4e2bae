// The settings guard read the way Gemini CLI 0.61 merges its files (the real CLI's behaviour under these
// settings is in test/agents/gemini-settings-guard.test.ts).
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot, write } from '../../../test/support/temp-root.js';
import { geminiFindings, geminiLayers, geminiPlan } from './settings-guard.js';

const temp = tempRoot('gatehouse-hook-guard-');

const HOOK = '"/usr/bin/node" "/x/gatehouse-hook.cjs" gemini BeforeTool --wait 3600 --task "wf-1.agent"';

function gemini(files: { systemDefaults?: unknown; user?: unknown; workspace?: unknown; system?: unknown }, root = mkdtempSync(join(temp.rootDir, 'g-'))) {
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
    const plan = gemini({ workspace: { hooksConfig: { enabled: false } } }, temp.root);
    expect(plan.refuse).toContain(`gatehouse's hooks would not run in Gemini CLI: hooksConfig.enabled false in ${join(temp.root, 'proj/.gemini/settings.json')}.`);
    expect(plan.yolo).toBe(false);
  });

  it('the last file that sets it wins: system settings over the workspace, the workspace over the user', () => {
    expect(gemini({ workspace: { hooksConfig: { enabled: false } }, system: { hooksConfig: { enabled: true } } }).yolo).toBe(true);
    expect(gemini({ user: { hooksConfig: { enabled: false } }, workspace: { hooksConfig: { enabled: true } } }).yolo).toBe(true);
    expect(gemini({ systemDefaults: { hooksConfig: { enabled: false } } }, temp.root).refuse).toContain(`in ${join(temp.root, 'etc/defaults.json')}`);
  });

  it("hooksConfig.disabled naming the task's own hook command (a union of every file): refused", () => {
    expect(gemini({ user: { hooksConfig: { disabled: ['something else'] } } }).yolo).toBe(true);
    expect(gemini({ system: { hooksConfig: { disabled: [HOOK] } } }).refuse).toContain('hooksConfig.disabled');
  });

  it('security.disableYoloMode: runs without yolo (Gemini would exit 52), and says which file', () => {
    const plan = gemini({ workspace: { security: { disableYoloMode: true } } }, temp.root);
    expect(plan).toEqual({ refuse: null, yolo: false, note: expect.stringContaining(`Gemini CLI refuses it: security.disableYoloMode true in ${join(temp.root, 'proj/.gemini/settings.json')}`) });
  });

  it('a file that is not plain JSON (Gemini accepts comments): what it sets is unknown, so refused', () => {
    write(join(temp.root, 'proj/.gemini/settings.json'), '{ // the project\n "hooksConfig": { "enabled": false } }');
    const plan = gemini({}, temp.root);
    expect(plan.refuse).toMatch(/proj\/\.gemini\/settings\.json is not plain JSON \(.+\), so what it sets is unknown — gatehouse cannot tell/);
  });
});

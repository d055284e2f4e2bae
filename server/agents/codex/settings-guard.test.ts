// The settings guard read the way Codex 0.169 layers its TOML files (the real CLI's behaviour under these
// settings is in test/agents/codex-settings-guard.test.ts).
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot, write } from '../../../test/support/temp-root.js';
import { describeSetting } from '../settings-layers.js';
import { codexHooksOff } from './settings-guard.js';

const temp = tempRoot('gatehouse-hook-guard-');

describe("Codex: features.hooks in its TOML layers", () => {
  function codex(files: { etcConfig?: string; person?: string; project?: string; managed?: string; requirements?: string }) {
    const dir = mkdtempSync(join(temp.rootDir, 'c-'));
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

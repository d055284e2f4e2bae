import { describe, expect, it } from 'vitest';
import { claudeHooks } from './claude/hooks.js';
import { gatehouseEntry, withHook, withoutHook } from './hooks-file.js';

const entry = gatehouseEntry(claudeHooks, '"/usr/bin/node" "/opt/gatehouse/bin/gatehouse.js" hook claude PermissionRequest --wait 120', 150);
const theirs = { matcher: 'Bash', hooks: [{ type: 'command', command: 'my-audit-log' }] };

describe('the gatehouse hook in a settings file', () => {
  it('is added next to the hooks and settings already there', () => {
    const before = JSON.stringify({ model: 'opus', hooks: { PermissionRequest: [theirs], Stop: [theirs] } });
    const after = JSON.parse(withHook(before, 'settings.json', claudeHooks, entry)!);
    expect(after).toEqual({ model: 'opus', hooks: { PermissionRequest: [theirs, entry], Stop: [theirs] } });
  });

  it('starts a file that does not exist, and is not added twice', () => {
    const created = withHook(null, 'settings.json', claudeHooks, entry)!;
    expect(JSON.parse(created)).toEqual({ hooks: { PermissionRequest: [entry] } });
    expect(withHook(created, 'settings.json', claudeHooks, entry)).toBeNull();
  });

  it('is taken out leaving the rest, and dropping only what it emptied', () => {
    const both = withHook(JSON.stringify({ model: 'opus', hooks: { PermissionRequest: [theirs] } }), 's', claudeHooks, entry)!;
    expect(JSON.parse(withoutHook(both, 's', claudeHooks)!)).toEqual({ model: 'opus', hooks: { PermissionRequest: [theirs] } });
    const only = withHook(JSON.stringify({ model: 'opus' }), 's', claudeHooks, entry)!;
    expect(JSON.parse(withoutHook(only, 's', claudeHooks)!)).toEqual({ model: 'opus' });
    expect(withoutHook(JSON.stringify({ model: 'opus' }), 's', claudeHooks)).toBeNull();
  });

  it('finds its hook by the hook entry or by the `gatehouse hook` command, for this agent only', () => {
    const entryForm = gatehouseEntry(claudeHooks, '"/usr/bin/node" "/opt/gatehouse/dist/cli/gatehouse-hook.cjs" claude PermissionRequest --wait 120', 150);
    for (const ours of [entry, entryForm]) {
      const text = withHook(JSON.stringify({ hooks: { PermissionRequest: [theirs, ours] } }), 's', claudeHooks, entry);
      expect(text).toBeNull();
      expect(JSON.parse(withoutHook(JSON.stringify({ hooks: { PermissionRequest: [theirs, ours] } }), 's', claudeHooks)!)).toEqual({ hooks: { PermissionRequest: [theirs] } });
    }
    const codexOne = gatehouseEntry(claudeHooks, '"/usr/bin/node" "/opt/gatehouse/dist/cli/gatehouse-hook.cjs" codex PermissionRequest', 150);
    expect(withoutHook(JSON.stringify({ hooks: { PermissionRequest: [codexOne] } }), 's', claudeHooks)).toBeNull();
  });

  it('refuses a file it cannot read as settings, naming it, and changes nothing', () => {
    expect(() => withHook('{ nope', '/h/.claude/settings.json', claudeHooks, entry)).toThrow(/^\/h\/\.claude\/settings\.json: not valid JSON .*nothing was changed$/);
    expect(() => withHook('[]', 's', claudeHooks, entry)).toThrow('s: must hold a JSON object; nothing was changed');
    expect(() => withHook('{"hooks":{"PermissionRequest":{}}}', 's', claudeHooks, entry)).toThrow('s: "hooks.PermissionRequest" must be a list; nothing was changed');
  });
});

import { describe, expect, it } from 'vitest';
import { claudeHooks } from './claude/hooks.js';
import { geminiHooks } from './gemini/hooks.js';
import { gatehouseEntries, gatehouseEntry, withHook, withoutHook } from './hooks-file.js';

const command = (event: string) => `"/usr/bin/node" "/opt/gatehouse/bin/gatehouse.js" hook claude ${event} --wait 120`;
const entries = gatehouseEntries(claudeHooks, command, 150);
const entry = entries.PermissionRequest!;
const preToolUse = entries.PreToolUse!;
const theirs = { matcher: 'Bash', hooks: [{ type: 'command', command: 'my-audit-log' }] };

describe('the gatehouse hooks in a settings file', () => {
  it('are one before every tool call and one for permission requests (Gemini CLI: its BeforeTool is both)', () => {
    expect(Object.keys(entries)).toEqual(['PreToolUse', 'PermissionRequest']);
    expect(preToolUse).toEqual({ matcher: '*', hooks: [{ type: 'command', command: command('PreToolUse'), timeout: 150 }] });
    expect(Object.keys(gatehouseEntries(geminiHooks, (e) => `gatehouse hook gemini ${e}`, 150))).toEqual(['BeforeTool']);
  });

  it('are added next to the hooks and settings already there', () => {
    const before = JSON.stringify({ model: 'opus', hooks: { PermissionRequest: [theirs], Stop: [theirs] } });
    const after = JSON.parse(withHook(before, 'settings.json', claudeHooks, entries)!);
    expect(after).toEqual({ model: 'opus', hooks: { PermissionRequest: [theirs, entry], Stop: [theirs], PreToolUse: [preToolUse] } });
  });

  it('start a file that does not exist, are not added twice, and a missing one is added alone', () => {
    const created = withHook(null, 'settings.json', claudeHooks, entries)!;
    expect(JSON.parse(created)).toEqual({ hooks: { PreToolUse: [preToolUse], PermissionRequest: [entry] } });
    expect(withHook(created, 'settings.json', claudeHooks, entries)).toBeNull();
    // Installed before the hook before every call existed: only that one is added.
    const older = JSON.stringify({ hooks: { PermissionRequest: [entry] } });
    expect(JSON.parse(withHook(older, 's', claudeHooks, entries)!)).toEqual({ hooks: { PermissionRequest: [entry], PreToolUse: [preToolUse] } });
  });

  it('are taken out leaving the rest, and dropping only what they emptied', () => {
    const both = withHook(JSON.stringify({ model: 'opus', hooks: { PermissionRequest: [theirs] } }), 's', claudeHooks, entries)!;
    expect(JSON.parse(withoutHook(both, 's', claudeHooks)!)).toEqual({ model: 'opus', hooks: { PermissionRequest: [theirs] } });
    const only = withHook(JSON.stringify({ model: 'opus' }), 's', claudeHooks, entries)!;
    expect(JSON.parse(withoutHook(only, 's', claudeHooks)!)).toEqual({ model: 'opus' });
    expect(withoutHook(JSON.stringify({ model: 'opus' }), 's', claudeHooks)).toBeNull();
  });

  it('find their hook by the hook entry or by the `gatehouse hook` command, for this agent only', () => {
    const entryForm = gatehouseEntry(claudeHooks, '"/usr/bin/node" "/opt/gatehouse/dist/cli/gatehouse-hook.cjs" claude PermissionRequest --wait 120', 150);
    for (const ours of [entry, entryForm]) {
      const text = withHook(JSON.stringify({ hooks: { PermissionRequest: [theirs, ours], PreToolUse: [preToolUse] } }), 's', claudeHooks, entries);
      expect(text).toBeNull();
      expect(JSON.parse(withoutHook(JSON.stringify({ hooks: { PermissionRequest: [theirs, ours] } }), 's', claudeHooks)!)).toEqual({ hooks: { PermissionRequest: [theirs] } });
    }
    const codexOne = gatehouseEntry(claudeHooks, '"/usr/bin/node" "/opt/gatehouse/dist/cli/gatehouse-hook.cjs" codex PermissionRequest', 150);
    expect(withoutHook(JSON.stringify({ hooks: { PermissionRequest: [codexOne] } }), 's', claudeHooks)).toBeNull();
  });

  it('refuse a file they cannot read as settings, naming it, and change nothing', () => {
    expect(() => withHook('{ nope', '/h/.claude/settings.json', claudeHooks, entries)).toThrow(/^\/h\/\.claude\/settings\.json: not valid JSON .*nothing was changed$/);
    expect(() => withHook('[]', 's', claudeHooks, entries)).toThrow('s: must hold a JSON object; nothing was changed');
    expect(() => withHook('{"hooks":{"PermissionRequest":{}}}', 's', claudeHooks, entries)).toThrow('s: "hooks.PermissionRequest" must be a list; nothing was changed');
  });
});

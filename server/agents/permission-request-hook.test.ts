import { describe, expect, it } from 'vitest';
import { parsePermissionRequest, permissionRequestReply } from './permission-request-hook.js';
import { claudeHooks } from './claude/hooks.js';
import { codexHooks } from './codex/hooks.js';
import { hookAgent } from './hook-agents.js';
import { geminiHooks } from './gemini/hooks.js';
import { qwenHooks } from './qwen/hooks.js';

describe('PermissionRequest hook contract (Claude Code, Codex)', () => {
  it('reads the tool, the command line and the stated reason', () => {
    const ask = parsePermissionRequest({
      session_id: 's1',
      hook_event_name: 'PermissionRequest',
      cwd: '/p',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build', description: 'Clean the build folder' },
    });
    expect(ask).toEqual({ tool: 'Bash', detail: 'rm -rf build', reason: 'Clean the build folder', cwd: '/p' });
  });

  it('joins an argv-style command and shows other tools their input as JSON', () => {
    expect(parsePermissionRequest({ tool_name: 'Bash', tool_input: { command: ['git', 'push'] } }).detail).toBe('git push');
    expect(parsePermissionRequest({ tool_name: 'Write', tool_input: { file_path: '/a', content: 'x' } }).detail).toBe('{"file_path":"/a","content":"x"}');
  });

  it('names the field when the input is not what the CLI sends', () => {
    expect(() => parsePermissionRequest([])).toThrow('hook input: must be a JSON object');
    expect(() => parsePermissionRequest({ tool_input: {} })).toThrow('"tool_name" must be a non-empty string (got nothing)');
    expect(() => parsePermissionRequest({ tool_name: 'Bash', tool_input: 'ls' })).toThrow('"tool_input" must be an object (got "ls")');
  });

  it('answers allow and deny in hookSpecificOutput, and ask with no output at all', () => {
    expect(JSON.parse(permissionRequestReply('allow', 'ignored').stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
    expect(JSON.parse(permissionRequestReply('deny', 'No.').stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'No.' } } });
    expect(permissionRequestReply('ask', 'x')).toEqual({ stdout: '', exitCode: 0 });
  });

  it("keeps each CLI's hooks in the person's own settings file, honouring the CLI's config-dir variable", () => {
    expect(claudeHooks.settings.path({}, '/h')).toBe('/h/.claude/settings.json');
    expect(claudeHooks.settings.path({ CLAUDE_CONFIG_DIR: '/c' }, '/h')).toBe('/c/settings.json');
    expect(codexHooks.settings.path({}, '/h')).toBe('/h/.codex/hooks.json');
    expect(codexHooks.settings.path({ CODEX_HOME: '/x' }, '/h')).toBe('/x/hooks.json');
    expect(geminiHooks.settings.path({}, '/h')).toBe('/h/.gemini/settings.json');
    expect(geminiHooks.settings.path({ GEMINI_CLI_HOME: '/g' }, '/h')).toBe('/g/.gemini/settings.json');
    expect(qwenHooks.settings.path({}, '/h')).toBe('/h/.qwen/settings.json');
    expect(qwenHooks.settings.path({ QWEN_HOME: '/q' }, '/h')).toBe('/q/settings.json');
  });

  it('refuses an unknown agent, naming the ones it knows', () => {
    expect(() => hookAgent('aider')).toThrow('unknown agent "aider" (gatehouse answers the hooks of: claude, codex, gemini, qwen)');
  });

  it("answers Gemini CLI's BeforeTool in its own words: deny with the reason, allow, and ask (its dialog) with why", () => {
    expect(JSON.parse(geminiHooks.reply('deny', 'No.').stdout)).toEqual({ decision: 'deny', reason: 'No.' });
    expect(JSON.parse(geminiHooks.reply('allow', '').stdout)).toEqual({ decision: 'allow' });
    expect(JSON.parse(geminiHooks.reply('ask', 'hub down').stdout)).toEqual({ decision: 'ask', systemMessage: 'gatehouse: hub down' });
    expect(JSON.parse(geminiHooks.reply('ask', '').stdout)).toEqual({ decision: 'ask' });
  });
});

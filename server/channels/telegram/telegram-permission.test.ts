import { describe, expect, it } from 'vitest';
import { telegramPermissionPart } from './telegram-permission.js';

const URL = 'http://127.0.0.1:7/choice/ch_x?gate=1';

describe('telegramPermissionPart', () => {
  it('an edit that will fail: the path and the reason, no counts, HTML escaped', () => {
    const part = telegramPermissionPart({ kind: 'edit', added: 0, removed: 0, files: [{ path: 'src/<a>.ts', outside: false, change: 'edit', added: 0, removed: 0, hunks: [], problem: 'not-found', problem_text: 'the old text is not in the file' }] }, URL);
    expect(part).toBe('📝 <code>src/&lt;a&gt;.ts</code> (edit)\n⚠️ <b>the old text is not in the file</b>');
  });

  it('a command: its parts in monospace, the folder, then the marks', () => {
    const part = telegramPermissionPart({ kind: 'command', cwd: '/p', command: 'a && sudo b', parts: [{ joiner: null, text: 'a', marks: [], depth: 0 }, { joiner: '&&', text: 'sudo b', marks: [{ kind: 'sudo', text: 'runs as root (sudo)' }], depth: 0 }], marks: [{ kind: 'sudo', text: 'runs as root (sudo)' }] }, URL);
    expect(part).toBe('<pre>a\n&amp;&amp; sudo b</pre>\n<i>in /p</i>\n⚠️ runs as root (sudo)');
  });

  it('an MCP call: server, tool, one argument a line', () => {
    expect(telegramPermissionPart({ kind: 'mcp', server: 'gh', tool: 'create_issue', args: [{ name: 'title', value: 'Bug' }] }, URL)).toBe('🔌 MCP server <b>gh</b> · tool <b>create_issue</b>\n• <b>title</b>: <code>Bug</code>');
  });
});

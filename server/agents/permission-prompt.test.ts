import { describe, expect, it } from 'vitest';
import { CHOICE_LIMITS } from '../../shared/choice/limits.js';
import { claudeHooks } from './claude/hooks.js';
import { permissionPrompt } from './permission-gate.js';

describe('permissionPrompt', () => {
  it('a write of a large file: the quoted input is cut, the prompt stays within the limit', () => {
    const detail = JSON.stringify({ file_path: '/p/big.txt', content: 'x\n'.repeat(30_000) });
    const { prompt } = permissionPrompt(claudeHooks, { tool: 'Write', detail, reason: 'r'.repeat(5_000), cwd: '/p' });
    expect(prompt.length).toBeLessThan(CHOICE_LIMITS.maxPromptChars - 4_000);
    expect(prompt).toContain(`… (${detail.length - 12_000} more characters not shown)`);
  });

  it('a short input is quoted whole', () => {
    expect(permissionPrompt(claudeHooks, { tool: 'Bash', detail: 'npm test', reason: null, cwd: null }).prompt).toBe('**Claude Code** wants to use **Bash**:\n\n```\nnpm test\n```');
  });
});

import { describe, expect, it } from 'vitest';
import { branchFromHead } from './git-branch.js';

describe('branchFromHead', () => {
  it('reads the branch from HEAD; a detached HEAD has none', () => {
    expect(branchFromHead('ref: refs/heads/feature/x\n')).toBe('feature/x');
    expect(branchFromHead('0e996c3f1a2b3c4d5e6f708192a3b4c5d6e7f809\n')).toBeNull();
  });
});

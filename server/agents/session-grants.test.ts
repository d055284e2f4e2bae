import { describe, expect, it } from 'vitest';
import { SESSION_GRANT_MS, SessionGrants } from './session-grants.js';

describe('session grants', () => {
  it('cover the granted rules in that agent session only, and end after 24 h', () => {
    let now = 1_000;
    const grants = new SessionGrants(() => now);
    grants.add('claude', 's1', ['Bash(npm test)', 'Bash(ls)']);
    expect(grants.covers('claude', 's1', ['Bash(npm test)'])).toBe(true);
    expect(grants.covers('claude', 's1', ['Bash(npm test)', 'Bash(rm x)'])).toBe(false);
    expect(grants.covers('claude', 's2', ['Bash(npm test)'])).toBe(false);
    expect(grants.covers('codex', 's1', ['Bash(npm test)'])).toBe(false);
    expect(grants.covers('claude', 's1', [])).toBe(false);
    now += SESSION_GRANT_MS;
    expect(grants.covers('claude', 's1', ['Bash(npm test)'])).toBe(false);
  });
});

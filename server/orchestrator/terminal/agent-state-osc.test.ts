import { describe, expect, it } from 'vitest';
import { describeAgentState, parseAgentState } from './agent-state-osc.js';

describe("an agent CLI's OSC 7501 state", () => {
  it("reads Codex's payloads as a state and its fields", () => {
    expect(parseAgentState('state=working:app=codex')).toEqual({ state: 'working', fields: { app: 'codex' } });
    expect(parseAgentState('state=blocked:app=codex:kind=permission')).toEqual({ state: 'blocked', fields: { app: 'codex', kind: 'permission' } });
    expect(parseAgentState('state=clear')).toEqual({ state: 'clear', fields: {} });
    expect(describeAgentState(parseAgentState('state=idle:app=codex')!)).toBe('state=idle app=codex');
  });

  it('is nothing when it carries no state', () => {
    expect(parseAgentState('')).toBeNull();
    expect(parseAgentState('app=codex')).toBeNull();
    expect(parseAgentState('state=')).toBeNull();
  });
});

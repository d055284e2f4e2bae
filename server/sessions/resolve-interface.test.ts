import { describe, expect, it } from 'vitest';
import { resolveInterface, type InterfaceContext } from './resolve-interface.js';
import { InterfaceUnavailableError } from './session-errors.js';

const base: InterfaceContext = { capabilities: {}, preferred: 'auto', canOpenBrowser: true };

describe('resolveInterface', () => {
  it('keeps an explicit web, terminal or chat', () => {
    for (const i of ['web', 'terminal', 'chat'] as const) expect(resolveInterface(i, base)).toBe(i);
  });
  it('allows elicitation only when the client declared it', () => {
    expect(resolveInterface('elicitation', { ...base, capabilities: { elicitation: true } })).toBe('elicitation');
    expect(() => resolveInterface('elicitation', base)).toThrow(InterfaceUnavailableError);
    expect(() => resolveInterface('elicitation', base)).toThrow(/did not declare the elicitation capability/);
  });
  it('auto prefers elicitation, then web, then an interactive terminal', () => {
    expect(resolveInterface('auto', { ...base, capabilities: { elicitation: true } })).toBe('elicitation');
    expect(resolveInterface('auto', base)).toBe('web');
    expect(resolveInterface('auto', { ...base, canOpenBrowser: false, capabilities: { interactive_terminal: true } })).toBe('terminal');
    expect(resolveInterface('auto', { ...base, canOpenBrowser: false })).toBe('web');
  });
  it('auto follows the preferred interface from the settings', () => {
    expect(resolveInterface('auto', { ...base, preferred: 'terminal', capabilities: { elicitation: true } })).toBe('terminal');
    expect(resolveInterface('auto', { ...base, preferred: 'web', canOpenBrowser: false })).toBe('web');
  });
});

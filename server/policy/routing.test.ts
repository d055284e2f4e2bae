import { describe, expect, it } from 'vitest';
import { parsePolicyText } from './policy-file.js';
import { DEFAULT_ROUTING, durationMs, phoneDelayMs, phoneDue, routedGrade, timeoutOutcome, type Routing } from './routing.js';

const parse = (text: string) => parsePolicyText(text, '/p/policy.yaml', { source: 'person', home: '/home/p' });

describe('routing: in policy.yaml', () => {
  it('no routing: the defaults (low to the phone after 5 min, others at once, high denied at its timeout)', () => {
    const layer = parse('allow: []\n');
    expect(layer.routing).toBeUndefined();
    expect(phoneDelayMs(DEFAULT_ROUTING, 'low', 'telegram')).toBe(300_000);
    expect(phoneDelayMs(DEFAULT_ROUTING, 'medium', 'ntfy')).toBe(0);
    expect(timeoutOutcome(DEFAULT_ROUTING, 'high', 'ask-cli')).toBe('deny');
    expect(timeoutOutcome(DEFAULT_ROUTING, 'low', 'ask-cli')).toBe('ask-cli');
    expect(timeoutOutcome(DEFAULT_ROUTING, 'medium', 'deny')).toBe('deny');
  });

  it('reads channels, phone_after and on_timeout per risk; what is left out keeps its default', () => {
    const layer = parse(['routing:', '  low: { channels: [portal], phone_after: 2s }', '  high:', '    channels: [portal, telegram, ntfy]', '    phone_after: 0', '    on_timeout: ask-cli', ''].join('\n'));
    expect(layer.errors).toEqual([]);
    const routing = layer.routing!;
    expect(routing.low).toEqual({ channels: ['portal'], phoneAfterMs: 2000, onTimeout: null });
    expect(routing.medium).toEqual(DEFAULT_ROUTING.medium);
    expect(routing.high).toEqual({ channels: ['portal', 'telegram', 'ntfy'], phoneAfterMs: 0, onTimeout: 'ask-cli' });
  });

  it("a project's own file cannot route: its routing is ignored with a warning", () => {
    const layer = parsePolicyText('routing:\n  high: { phone_after: 1h }\n', '/p/.gatehouse/policy.yaml', { source: 'project', home: '/home/p' });
    expect(layer.routing).toBeUndefined();
    expect(layer.warnings[0]).toMatchObject({ line: 1, message: "routing: ignored in a project's own file; put it in your own policy file" });
  });

  it('every mistake is an error with its line, naming the key and what was expected', () => {
    const layer = parse(['routing:', '  low: { channels: [portal, pager] }', '  medium: { phone_after: soon }', '  high: { on_timeout: allow }', '  extreme: {}', '  low2: 3', ''].join('\n'));
    expect(layer.errors.map((e) => `${e.line}: ${e.message}`)).toEqual([
      '2: routing.low.channels: unknown channel "pager": expected portal, telegram, ntfy',
      '3: routing.medium.phone_after: expected a duration such as 0, 30s, 5m or 1h (got "soon")',
      '4: routing.high.on_timeout: a timeout never allows; expected ask-cli or deny',
      '5: routing: unknown risk "extreme": expected low, medium, high',
      '6: routing: unknown risk "low2": expected low, medium, high',
    ]);
    expect(parse('routing: [low]\n').errors[0]).toMatchObject({ line: 1, message: 'routing: expected a mapping with the keys low, medium, high' });
    expect(parse('routing:\n  low: { later: 5m }\n').errors[0]).toMatchObject({ line: 2, message: 'routing.low: unknown key "later": expected channels, phone_after, on_timeout' });
  });
});

describe('routing decisions (a pure function of grade, age and routing)', () => {
  const routing: Routing = {
    low: { channels: ['portal', 'ntfy'], phoneAfterMs: 2000, onTimeout: null },
    medium: { channels: ['portal'], phoneAfterMs: 0, onTimeout: null },
    high: { channels: ['portal', 'telegram', 'ntfy'], phoneAfterMs: 0, onTimeout: 'deny' },
  };

  it('high risk: every listed phone channel at once', () => {
    expect(phoneDue(routing, 'high', 'telegram', 0)).toBe(true);
    expect(phoneDue(routing, 'high', 'ntfy', 0)).toBe(true);
  });

  it('low risk: only the listed channel, and only once the gate is old enough', () => {
    expect(phoneDue(routing, 'low', 'ntfy', 1999)).toBe(false);
    expect(phoneDue(routing, 'low', 'ntfy', 2000)).toBe(true);
    expect(phoneDue(routing, 'low', 'telegram', 60_000)).toBe(false);
  });

  it('a gate with no risk is routed as medium', () => {
    expect(routedGrade(undefined)).toBe('medium');
    expect(routedGrade({})).toBe('medium');
    expect(routedGrade({ risk: { grade: 'high' } })).toBe('high');
    expect(phoneDue(routing, routedGrade(null), 'telegram', 10_000)).toBe(false);
  });

  it('durations: seconds as a number, or with a unit', () => {
    expect([durationMs(0), durationMs(2), durationMs('2s'), durationMs('5m'), durationMs('1h'), durationMs('250ms'), durationMs('1.5m')]).toEqual([0, 2000, 2000, 300_000, 3_600_000, 250, 90_000]);
    expect([durationMs(-1), durationMs('5 min'), durationMs('soon'), durationMs(true)]).toEqual([null, null, null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { nextStepFor, waitedText } from './next-step.js';

describe('a timeout is told to the agent as a timeout', () => {
  it('says how long it waited, that it is not a refusal, and what to do instead', () => {
    const text = nextStepFor('timeout', false, undefined, 600);
    expect(text).toMatch(/^Timed out: nobody answered within 10 min \(a timeout, not a refusal\)\./);
    expect(text).toContain('ask again later with a new provide_choice call, or choose another way');
    expect(nextStepFor('cancelled', false)).not.toContain('Timed out');
  });

  it('durations as a person says them', () => {
    expect([waitedText(10), waitedText(119), waitedText(600), waitedText(3 * 3600)]).toEqual(['10 s', '119 s', '10 min', '3 h']);
  });
});

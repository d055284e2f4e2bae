import { describe, expect, it } from 'vitest';
import { ArgumentError, parseArguments, wholeNumber } from './parse-arguments.js';

const options = {
  option: { type: 'string', short: 'o', multiple: true },
  timeout: { type: 'string' },
  multi: { type: 'boolean', short: 'm' },
  json: { type: 'boolean', short: 'j' },
} as const;

const parse = (args: string[], positionals = true) => parseArguments(args, options, positionals);

describe('parseArguments', () => {
  it('parses values, repeated and short flags, switches, clusters and positionals', () => {
    const { values, positionals } = parse(['Q?', '-o', 'a=A', '--option', 'b=B', '-oc=C', '--timeout=30', '-mj', 'more']);
    expect(values).toMatchObject({ option: ['a=A', 'b=B', 'c=C'], timeout: '30', multi: true, json: true });
    expect(positionals).toEqual(['Q?', 'more']);
  });

  it('takes a negative number as the value, for the command to judge (not Node\'s "ambiguous" wording)', () => {
    expect(parse(['--timeout', '-5']).values.timeout).toBe('-5');
    expect(() => wholeNumber('-5', '--timeout', 1)).toThrow('--timeout: must be 1 or more (got -5)');
  });

  it.each([
    [['--colour', 'red'], 'unknown option "--colour" (see --help)'],
    [['-x'], 'unknown option "-x" (see --help)'],
    [['--timeout'], '--timeout: needs a value'],
    [['--timeout', '--multi'], '--timeout: needs a value (got the option "--multi")'],
    [['-o'], '--option: needs a value'],
    [['--multi=yes'], '--multi: takes no value'],
    [['-mo'], 'unknown or value-taking option "-o" in "-mo" (see --help)'],
  ])('%j is refused in our own words', (args, message) => {
    expect(() => parse(args)).toThrow(ArgumentError);
    expect(() => parse(args)).toThrow(message);
  });

  it('refuses a stray argument when the command takes none', () => {
    expect(() => parse(['extra'], false)).toThrow('unexpected argument "extra" (see --help)');
  });
});

describe('wholeNumber', () => {
  it.each([
    ['abc', '--timeout: must be a whole number (got "abc")'],
    ['1.5', '--timeout: must be a whole number (got "1.5")'],
    ['', '--timeout: must be a whole number (got "")'],
    ['0', '--timeout: must be 1 or more (got 0)'],
  ])('%j is refused naming the flag', (value, message) => {
    expect(() => wholeNumber(value, '--timeout', 1)).toThrow(message);
  });

  it('accepts whole numbers in range, and nothing when the flag is absent', () => {
    expect(wholeNumber(' 42 ', '--max', 0, 50)).toBe(42);
    expect(() => wholeNumber('51', '--max', 0, 50)).toThrow('--max: must be 50 or less (got 51)');
    expect(wholeNumber(undefined, '--max', 0)).toBeUndefined();
  });
});

import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ParsedArgs } from './command.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A bad command line; the message names the flag and the problem in our own words. */
export class ArgumentError extends Error {}

const NEGATIVE_NUMBER = /^-\d/;

/**
 * node:util parseArgs, with every mistake reported in our own words naming the flag: an unknown flag, a
 * missing value, a value given to a switch. A value that starts with "-" followed by a digit ("--timeout -5")
 * is taken as the flag's value, so the command's own check can say what is wrong with it.
 */
export function parseArguments(args: string[], options: Options, allowPositionals: boolean): ParsedArgs {
  const byShort = new Map(Object.entries(options).filter(([, o]) => o.short).map(([name, o]) => [o.short!, name]));
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      joined.push(...args.slice(i));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || NEGATIVE_NUMBER.test(arg)) {
      if (!allowPositionals) throw new ArgumentError(`unexpected argument ${JSON.stringify(arg)} (see --help)`);
      joined.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const [flagPart, inlineValue] = long && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const name = long ? flagPart.slice(2) : byShort.get(arg.slice(1, 2));
    const option = name === undefined ? undefined : options[name];
    if (!option || name === undefined) throw new ArgumentError(`unknown option ${JSON.stringify(long ? flagPart : arg.slice(0, 2))} (see --help)`);
    const flag = `--${name}`;
    if (option.type === 'boolean') {
      if (inlineValue !== undefined || (!long && arg.length > 2 && !/^[a-zA-Z]+$/.test(arg.slice(2)))) throw new ArgumentError(`${flag}: takes no value`);
      if (!long && arg.length > 2) {
        // -mx: a cluster of switches; each must be a known switch.
        for (const ch of arg.slice(1)) {
          const n = byShort.get(ch);
          if (!n || options[n]!.type !== 'boolean') throw new ArgumentError(`unknown or value-taking option "-${ch}" in ${JSON.stringify(arg)} (see --help)`);
        }
      }
      joined.push(arg);
      continue;
    }
    if (inlineValue !== undefined || (!long && arg.length > 2)) {
      joined.push(arg);
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || (value.startsWith('-') && value !== '-' && !NEGATIVE_NUMBER.test(value))) {
      throw new ArgumentError(`${flag}: needs a value${value === undefined ? '' : ` (got the option ${JSON.stringify(value)})`}`);
    }
    joined.push(`${flag}=${value}`);
    i++;
  }
  return parseArgs({ args: joined, options, allowPositionals, strict: true }) as ParsedArgs;
}

/** A whole number for `flag` within [min, max], or our own message naming the flag. */
export function wholeNumber(value: unknown, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const n = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n)) throw new ArgumentError(`${flag}: must be a whole number (got ${JSON.stringify(value)})`);
  if (n < min) throw new ArgumentError(`${flag}: must be ${min} or more (got ${n})`);
  if (n > max) throw new ArgumentError(`${flag}: must be ${max} or less (got ${n})`);
  return n;
}

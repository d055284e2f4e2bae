import type { ParsedArgs } from '../command.js';
import { ArgumentError } from '../parse-arguments.js';
import type { LogModule } from './policy-modules.js';

export function stringValue(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new ArgumentError(`--${name}: needs a value`);
  return value;
}

/** --since as milliseconds since the epoch (undefined: all of the record). */
export function sinceOf(policy: LogModule, args: ParsedArgs, fallback?: string): number | undefined {
  const value = args.values.since === undefined ? fallback : stringValue(args, 'since');
  if (value === undefined) return undefined;
  try {
    return Date.now() - policy.parseDuration(value, '--since');
  } catch (err) {
    throw new ArgumentError((err as Error).message);
  }
}

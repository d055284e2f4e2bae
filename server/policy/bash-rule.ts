// The specifier of a Bash rule, matched on the argv words of one simple command as the shell will run it (never
// on the command line's text): `npm test` the exact words; `npm run test:*` those leading words, then anything;
// a `*` word any number of words (also none: `ls *` matches `ls`), `*` inside a word any characters of that word.
import { parseShell } from '../shell/parse-shell.js';
import type { ShellWord } from '../shell/shell-word.js';

type PatternWord = { any: true } | { literal: string; raw: string; dynamic: boolean } | { glob: RegExp };

export interface BashPattern {
  words: PatternWord[];
  /** The command name when the rule fixes it: rules are indexed by it. */
  name: string | null;
  /**
   * The rule as Claude Code matches it, on a command's text: `*` any characters (spaces too: `npm*` holds for
   * `npm test`), `:*` and a final ` *` the words before and anything or nothing after. Deny and ask rules hold
   * for this reading too.
   */
  text: RegExp;
  /** No `*` in it: Claude Code allows only the command written exactly so (`npm  test` is not `npm test`). */
  exact: boolean;
}

function textPattern(spec: string): RegExp {
  const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const prefix = /(:\*| \*)$/.exec(spec);
  const body = prefix ? spec.slice(0, -2) : spec;
  const source = body.trim().split('*').map(escape).join('.*');
  return new RegExp(`^${source}${prefix ? '(?:\\s.*)?' : ''}$`, 's');
}

/** Compiles a Bash rule's specifier; throws an Error saying what is wrong. */
export function compileBashPattern(spec: string): BashPattern {
  const prefix = spec.endsWith(':*');
  const body = prefix ? spec.slice(0, -2) : spec;
  if (body.trim() === '') throw new Error(prefix ? 'nothing before ":*"' : 'an empty command');
  if (body.includes(':*')) throw new Error('":*" may only end the command (npm run test:*)');
  const parsed = parseShell(body);
  if (parsed.errors.length > 0) throw new Error(`not a shell command: cannot read ${JSON.stringify(parsed.errors[0]!.text)}`);
  const top = parsed.commands.filter((c) => c.parent === null);
  if (top.length !== 1) throw new Error('names more than one command (;, &&, ||, | or a new line): write one rule per command');
  if (parsed.redirects.length > 0) throw new Error('holds a redirection: a rule names a command, its words only');
  const command = top[0]!;
  const words: PatternWord[] = [...command.assignments, ...command.argv].map(patternWord);
  if (prefix) words.push({ any: true });
  const first = words[0];
  return { words, name: first && 'literal' in first && !first.dynamic ? first.literal : null, text: textPattern(spec), exact: !spec.includes('*') };
}

function patternWord(word: ShellWord): PatternWord {
  if (!word.dynamic && word.raw === '*') return { any: true };
  if (!word.dynamic && word.glob && word.raw.includes('*')) {
    const source = word.text.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    return { glob: new RegExp(`^${source}$`, 's') };
  }
  return { literal: word.text, raw: word.raw, dynamic: word.dynamic };
}

/**
 * Whether the words of a command match. A word whose value is only known when it runs ($X, $(…)) matches only a
 * `*` of the rule, or a rule word written the same way.
 */
export function matchBashPattern(pattern: BashPattern, words: ShellWord[]): boolean {
  return matchFrom(pattern.words, 0, words, 0);
}

function matchFrom(p: PatternWord[], i: number, w: ShellWord[], j: number): boolean {
  if (i === p.length) return j === w.length;
  const pw = p[i]!;
  if ('any' in pw) {
    if (i === p.length - 1) return true;
    for (let k = j; k <= w.length; k++) if (matchFrom(p, i + 1, w, k)) return true;
    return false;
  }
  const word = w[j];
  if (!word) return false;
  if ('glob' in pw) {
    if (word.dynamic || !pw.glob.test(word.text)) return false;
  } else if (pw.dynamic || word.dynamic) {
    if (pw.raw !== word.raw) return false;
  } else if (pw.literal !== word.text) {
    return false;
  }
  return matchFrom(p, i + 1, w, j + 1);
}

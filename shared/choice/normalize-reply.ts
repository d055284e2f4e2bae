import type { ChoiceOption } from './validate-request.js';

/** What a typed reply (terminal input line, chat message) means for a choice. */
export type NormalizedReply =
  | { kind: 'options'; ids: string[] }
  | { kind: 'free_text'; text: string }
  | { kind: 'cancel'; note: string }
  | { kind: 'empty' }
  | { kind: 'no_match'; input: string };

export interface ReplyContext {
  options: Pick<ChoiceOption, 'id' | 'label'>[];
  selection_mode: 'single' | 'multi';
  allow_free_text: boolean;
}

const CANCEL_WORDS = ['cancel', 'abort', '取消'];

/** One token → an option: a 1-based number, an exact id, or a label compared without case. */
function matchOne(token: string, options: ReplyContext['options']): string | null {
  const t = token.trim().replace(/^\[|\]$/g, '').replace(/[.)]$/, '').trim();
  if (!t) return null;
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return n >= 1 && n <= options.length ? options[n - 1]!.id : null;
  }
  const lower = t.toLocaleLowerCase();
  const byLabel = options.find((o) => o.label.toLocaleLowerCase() === lower);
  if (byLabel) return byLabel.id;
  const byId = options.find((o) => o.id.toLocaleLowerCase() === lower);
  return byId ? byId.id : null;
}

/**
 * The agnostic input rule: a number picks that option, a label matches case-insensitively (an id too);
 * in multi mode a list separated by commas or spaces picks several; `cancel` (optionally `cancel: why`)
 * cancels; anything else is free text when the choice allows it, else "did not match".
 */
export function normalizeReply(raw: string, ctx: ReplyContext): NormalizedReply {
  const input = raw.trim();
  if (!input) return { kind: 'empty' };
  const whole = matchOne(input, ctx.options);
  if (whole) return { kind: 'options', ids: [whole] };
  if (/^\d+[.)]?$/.test(input)) return { kind: 'no_match', input }; // a number out of range is a slip, not an answer
  if (ctx.selection_mode === 'multi') {
    const tokens = input.split(/\s*,\s*|\s+/).filter(Boolean);
    const commaTokens = input.split(/\s*,\s*/).filter(Boolean);
    for (const list of [commaTokens, tokens]) {
      if (list.length < 2) continue;
      const ids = list.map((t) => matchOne(t, ctx.options));
      if (ids.every((id): id is string => id !== null)) return { kind: 'options', ids: [...new Set(ids)] };
    }
  }
  const cancel = new RegExp(`^(${CANCEL_WORDS.join('|')})\\b\\s*[:：-]?\\s*(.*)$`, 'isu').exec(input);
  if (cancel && (cancel[1]!.length === input.length || /^[\s:：-]/u.test(input.slice(cancel[1]!.length)))) {
    return { kind: 'cancel', note: cancel[2]!.trim() };
  }
  if (ctx.allow_free_text) return { kind: 'free_text', text: input };
  return { kind: 'no_match', input };
}

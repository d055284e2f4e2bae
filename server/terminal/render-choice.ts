import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { promptBelowTitle } from '../../shared/choice/prompt-body.js';
import { displayWidth, fitLine, style, truncate, wrap } from './ansi.js';
import type { ChoiceUiState } from './choice-state.js';
import type { QuestionPosition } from './answering.js';
import { formatClock } from './countdown.js';
import { formatRemaining } from '../../shared/choice/format-remaining.js';
import type { Translate } from './translate.js';
import type { PermissionView } from '../../shared/permission/view.js';
import { permissionLines } from './permission-lines.js';

export interface ChoiceScreen {
  request: ChoiceRequest;
  state: ChoiceUiState;
  t: Translate;
  createdAt: Date;
  /** Who is asking, as one line ("claude-code 2.1 · shop @ main"); empty when unknown. */
  sourceLine?: string;
  /** When the agent that asked left (its MCP client closed), if it did: said under the header. */
  agentGoneAt?: string | null;
  remainingMs: number;
  annotationsEnabled: boolean;
  navigationHints: boolean;
  submitMode: 'single-submit' | 'batch';
  width: number;
  height: number;
  /** First body line shown last time (kept so the view does not jump). */
  scroll: number;
  /** A gate with several questions: which one is shown and which are answered (a row under the title). */
  questions?: QuestionPosition;
  /** PgUp/PgDn scrolling: the first body line to show, regardless of the current option; null = follow it. */
  manualScroll: number | null;
  /** A permission gate: what it would do (a diff, a command's parts, an MCP call), shown first in the body. */
  permissionView?: PermissionView | null;
}

/**
 * Markdown soft line breaks: a line that continues a paragraph joins the previous one (as the portal shows it),
 * except inside code fences, before list items, headings, quotes and tables, and after a hard break.
 */
export function joinSoftBreaks(text: string): string {
  const out: string[] = [];
  let inFence = false;
  let previousJoinable = false;
  for (const line of text.split('\n')) {
    const fence = /^\s*(```|~~~)/.test(line);
    if (fence) inFence = !inFence;
    const startsBlock = line.trim() === '' || /^\s*([-*+]\s|\d+[.)]\s|#|>|\|)/.test(line);
    if (!fence && !inFence && previousJoinable && !startsBlock) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line);
    const last = out[out.length - 1];
    previousJoinable = !fence && !inFence && line.trim() !== '' && !/(  |\\)$/.test(line) && !last.trimStart().startsWith('|');
  }
  return out.join('\n');
}

/** Light clean-up of Markdown for a terminal: soft breaks joined; headings, emphasis and code marks go, text stays. */
export function plainMarkdown(text: string): string {
  return joinSoftBreaks(text)
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s*[-*]\s+/gm, '• ');
}

function selectionRule(req: ChoiceRequest, t: Translate): string {
  if (req.selection_mode === 'single') return t('rule.single');
  if (req.min_selections === req.max_selections) return t('rule.exactly', { count: req.min_selections });
  return t('rule.range', { min: req.min_selections, max: req.max_selections });
}

function header(s: ChoiceScreen): string[] {
  const { t } = s;
  const left = s.remainingMs;
  const remaining = t('header.remaining', { time: formatRemaining(left) });
  const tone = left <= 15_000 ? style.red : left <= 60_000 ? style.yellow : style.green;
  const onTimeout = s.request.timeout_action === 'submit_recommended' ? ` · ${t('header.thenRecommended')}` : '';
  const info = `${t('header.asked', { time: formatClock(s.createdAt) })} · ${tone(remaining)}${onTimeout} · ${selectionRule(s.request, t)}`;
  const who = [s.sourceLine, s.request.context].filter(Boolean).join(' — ');
  const gone = s.agentGoneAt ? wrap(t('header.agentGone', { time: formatClock(new Date(s.agentGoneAt)) }), s.width).map(style.yellow) : [];
  return [style.bold(truncate(plainMarkdown(s.request.title), s.width)), ...(who ? [style.cyan(truncate(who, s.width))] : []), ...wrap(info, s.width), ...gone, ...questionRow(s), style.dim('─'.repeat(s.width))];
}

/** `[✓ Database] [› Extras ] [  Name]`: every question's chip, the current one marked, the answered ones ticked. */
function questionRow(s: ChoiceScreen): string[] {
  if (!s.questions) return [];
  const chips = s.questions.tabs.map((tab, i) => {
    const here = i === s.questions!.current;
    const text = `[${here ? '›' : tab.answered ? '✓' : ' '} ${tab.label}]`;
    return here ? style.inverse(text) : tab.answered ? style.green(text) : text;
  });
  return wrap(`${s.t('header.questions')} ${chips.join(' ')}`, s.width);
}

interface BodyLine {
  text: string;
  block: number; // -1 = prompt, i = option i, options.length = notes after the list
}

function body(s: ChoiceScreen): BodyLine[] {
  const { request, state, t, width } = s;
  // A prompt that only repeats the title has no body: the options follow the header.
  const prompt = promptBelowTitle(request.prompt, request.title);
  const lines: BodyLine[] = s.permissionView ? [...permissionLines(s.permissionView, width, t), ''].map((text) => ({ text, block: -1 })) : [];
  if (prompt) lines.push(...[...wrap(plainMarkdown(prompt), width), ''].map((text) => ({ text, block: -1 })));
  const multi = request.selection_mode === 'multi';
  request.options.forEach((option, i) => {
    const here = i === state.cursor;
    const chosen = state.selected.includes(option.id);
    const mark = multi ? (chosen ? '[x]' : '[ ]') : chosen ? '(•)' : '( )';
    const pointer = here ? style.cyan('❯') : ' ';
    const rec = option.recommended ? ` ${style.magenta(`★ ${t('recommended', { ns: 'common' })}`)}` : '';
    const head = `${i + 1}. ${option.label}`;
    const wrapped = wrap(head, width - 6);
    wrapped.forEach((text, j) => {
      const label = here ? style.bold(text) : text;
      lines.push({ text: j === 0 ? `${pointer} ${chosen ? style.green(mark) : mark} ${label}${j === wrapped.length - 1 ? rec : ''}` : `      ${label}`, block: i });
    });
    if (option.description) for (const text of wrap(option.description, width - 6)) lines.push({ text: `      ${style.dim(text)}`, block: i });
    const note = state.annotations[option.id];
    if (note && s.annotationsEnabled) for (const text of wrap(`✎ ${note}`, width - 6)) lines.push({ text: `      ${style.yellow(text)}`, block: i });
  });
  const after = request.options.length;
  if (state.freeText.trim()) for (const text of wrap(t('field.labelValue', { label: t('field.freeText'), value: state.freeText }), width - 2)) lines.push({ text: `  ${style.cyan(text)}`, block: after });
  if (state.globalNote.trim() && s.annotationsEnabled) for (const text of wrap(t('field.labelValue', { label: t('field.globalNote'), value: state.globalNote }), width - 2)) lines.push({ text: `  ${style.yellow(text)}`, block: after });
  return lines;
}

function editLabel(s: ChoiceScreen): string {
  const edit = s.state.edit!;
  const option = s.request.options.find((o) => o.id === edit.optionId);
  switch (edit.target) {
    case 'annotation':
      return s.t('edit.annotation', { label: option?.label ?? '' });
    case 'global':
      return s.t('edit.global');
    case 'free_text':
      return s.t('edit.freeText');
    case 'cancel_note':
      return s.t('edit.cancelNote');
    case 'typed':
      return s.t(s.request.allow_free_text ? 'edit.typedFree' : 'edit.typed', { count: s.request.options.length });
  }
}

/** The edit field with a visible caret, scrolled so the caret stays on screen. */
function editField(s: ChoiceScreen): string[] {
  const { editor } = s.state.edit!;
  const chars = [...editor.text];
  const before = chars.slice(0, editor.caret).join('');
  const atCaret = chars[editor.caret] ?? ' ';
  const after = chars.slice(editor.caret + 1).join('');
  let shown = `› ${before}${style.inverse(atCaret)}${after}`;
  const room = s.width - 1;
  if (displayWidth(shown) > room) {
    let tail = before;
    while (displayWidth(`› …${tail} `) > room && tail.length) tail = [...tail].slice(1).join('');
    shown = `› …${tail}${style.inverse(atCaret)}`;
  }
  const hint = s.state.edit!.target === 'cancel_note' ? s.t('hint.cancelNote') : s.t('hint.edit');
  return [...wrap(editLabel(s), s.width).map((l) => style.bold(l)), shown, style.dim(truncate(hint, s.width))];
}

function hints(s: ChoiceScreen): string[] {
  const { t, request } = s;
  const short = [style.dim(truncate(t('hint.short'), s.width))];
  if (!s.navigationHints) return short;
  const several = Boolean(s.questions);
  const pickHint = request.selection_mode === 'multi' ? t('hint.toggle') : s.submitMode === 'single-submit' && !several ? t('hint.pickSubmit') : t('hint.pick');
  const parts = [t('hint.move'), pickHint, several ? t('hint.nextQuestion') : t('hint.submit')];
  if (several) parts.push(t('hint.questions'));
  if (s.annotationsEnabled) parts.push(...(several ? [] : [t('hint.note')]), t('hint.globalNote'));
  if (request.allow_free_text) parts.push(t('hint.freeText'));
  parts.push(t('hint.typed'), t('hint.settings'), t('hint.web'), t('hint.cancel'));
  const full = wrap(parts.join(' · '), s.width).map((l) => style.dim(l));
  return full.length > Math.max(2, Math.floor(s.height / 6)) ? short : full; // small terminals keep room for the list
}

/** Keeps the current option's lines in view (or honours a manual scroll); returns the first body line shown. */
function scrollFor(s: ChoiceScreen, lines: BodyLine[], room: number): number {
  const max = Math.max(0, lines.length - room);
  if (s.manualScroll !== null) return Math.min(Math.max(0, s.manualScroll), max);
  const first = lines.findIndex((l) => l.block === s.state.cursor);
  let last = first;
  lines.forEach((l, i) => (l.block === s.state.cursor ? (last = i) : undefined));
  if (s.state.cursor === s.request.options.length - 1) last = lines.length - 1;
  let scroll = Math.min(s.scroll, max);
  if (last < room) return 0; // the prompt and the current option fit together: show from the top
  if (last - scroll >= room) scroll = last - room + 1;
  if (first < scroll) scroll = first;
  return Math.min(scroll, max);
}

/** Renders the whole choice screen to exactly `height` lines of `width` columns. */
export function renderChoice(s: ChoiceScreen): { lines: string[]; scroll: number; overflow: boolean } {
  const top = header(s);
  const bottom = [style.dim('─'.repeat(s.width))];
  const message = s.state.message;
  if (message) bottom.push(...wrap(s.t(message.key, message.params), s.width).map((l) => (message.tone === 'error' ? style.red(l) : style.cyan(l))));
  bottom.push(...(s.state.edit ? editField(s) : hints(s)));
  const lines = body(s);
  const room = Math.max(1, s.height - top.length - bottom.length);
  const overflow = lines.length > room;
  // When the body does not fit, one row above and one below tell how much more there is.
  const inner = overflow ? Math.max(1, room - 2) : room;
  const scroll = scrollFor(s, lines, inner);
  const visible = lines.slice(scroll, scroll + inner).map((l) => l.text);
  if (overflow) {
    const below = lines.length - (scroll + inner);
    visible.unshift(scroll > 0 ? style.dim(s.t('scroll.up', { count: scroll })) : '');
    visible.push(below > 0 ? style.dim(s.t('scroll.down', { count: below })) : '');
  }
  while (visible.length < room) visible.push('');
  const all = [...top, ...visible, ...bottom].slice(0, s.height);
  return { lines: all.map((l) => fitLine(l, s.width)), scroll, overflow };
}

import type { InlineKeyboardButton } from 'grammy/types';
import type { StoredSession } from '../../sessions/stored-session.js';
import { gateSource } from '../gate-summary.js';
import { buttonData } from './button-data.js';
import { alreadySettledText, answerText, whereWords } from '../../sessions/gate-outcome.js';
import { promptBelowTitle } from '../../../shared/choice/prompt-body.js';
import { escapeTelegramHtml as esc, telegramHtml } from './telegram-markdown.js';
import { telegramPermissionPart } from './telegram-permission.js';

/** Telegram allows 4096 characters per message; the prompt gets this much, the rest stays for options and status. */
const PROMPT_BUDGET = 2500;
/** A permission gate's view takes room of its own: its prompt (the request as it came) gets less. */
const PROMPT_BUDGET_WITH_VIEW = 1200;
const BUTTON_LABEL_CHARS = 48;
const DESCRIPTION_CHARS = 160;

export interface RenderedMessage {
  html: string;
  keyboard: InlineKeyboardButton[][];
}

/** The message a gate shows in the chat: pending with its buttons, or ended with what happened and no buttons. */
export function renderGateMessage(session: StoredSession, gateUrl: string): RenderedMessage {
  const body = gateBody(session, gateUrl);
  if (session.status !== 'pending') return { html: `${endedLine(session)}\n\n${body}`, keyboard: [] };
  // Several questions are answered together in the portal's one form; here the message shows them and can cancel.
  if (session.request.questions) return { html: `${body}\n\n<i>${session.request.questions.length} questions, answered together: open ${esc(gateUrl)} to answer them.</i>`, keyboard: [[cancelButton(session.id)]] };
  const hint = session.request.allow_free_text ? '\n\n<i>↩️ Reply to this message to answer in your own words.</i>' : '';
  return { html: `${body}${hint}`, keyboard: keyboard(session) };
}

function gateBody(session: StoredSession, gateUrl: string): string {
  const { request } = session;
  const lines = [`❓ <b>${esc(request.title)}</b>`];
  // Once over, the session's interface is the one that answered: the ended line says that instead.
  if (session.status === 'pending') lines.push(`<i>${esc(sourceLine(session))}</i>`);
  // A permission gate: what it would do (path, counts, the first diff lines) before the request as it came.
  if (session.permission_view) lines.push('', telegramPermissionPart(session.permission_view, gateUrl));
  const body = promptBelowTitle(request.prompt, request.title);
  const prompt = body ? promptPart(body, gateUrl, session.permission_view ? PROMPT_BUDGET_WITH_VIEW : PROMPT_BUDGET) : '';
  if (prompt) lines.push('', prompt);
  if (request.questions) {
    request.questions.forEach((q, n) => lines.push('', `<b>${n + 1}. ${q.header ? `[${esc(q.header)}] ` : ''}${esc(q.question)}</b> <i>(${q.selection_mode === 'multi' ? `pick ${q.min_selections}–${q.max_selections}` : 'pick one'}${q.allow_free_text ? ' or own words' : ''})</i>`, ...q.options.map((o, i) => optionLine(o, i))));
  } else lines.push('', ...request.options.map((o, i) => optionLine(o, i)));
  return lines.join('\n');
}

function sourceLine(session: StoredSession): string {
  const { request } = session;
  const how = request.questions
    ? `${request.questions.length} questions`
    : request.selection_mode === 'multi'
      ? `pick ${request.min_selections === request.max_selections ? request.min_selections : `${request.min_selections}–${request.max_selections}`}`
      : 'pick one';
  const source = gateSource(session);
  const who = source.label ? `${source.label} · ` : '';
  const doing = source.context ? `\n${source.context}` : '';
  return `${who}asked via ${source.interface} · ${how} · answer by ${new Date(session.deadline_at).toISOString().slice(11, 16)} UTC${doing}`;
}

function optionLine(option: StoredSession['request']['options'][number], index: number): string {
  const star = option.recommended ? ' ⭐' : '';
  const description = option.description?.trim() ? ` — ${esc(cut(option.description.trim(), DESCRIPTION_CHARS))}` : '';
  return `${index + 1}. <b>${esc(option.label)}</b>${star}${description}`;
}

/** The prompt as Telegram HTML; a long one is cut at a line break and points at the full question. */
function promptPart(prompt: string, gateUrl: string, budget: number): string {
  const whole = telegramHtml(prompt);
  if (whole.length <= budget) return whole;
  let source = prompt;
  let html = whole;
  while (html.length > budget && source.length > 0) {
    const limit = Math.floor(source.length * Math.min(0.8, budget / html.length));
    const lineBreak = source.lastIndexOf('\n', limit);
    source = source.slice(0, lineBreak > limit / 2 ? lineBreak : limit);
    html = telegramHtml(source);
  }
  return `${html}\n\n<i>… cut here; the whole question:</i> ${esc(gateUrl)}`;
}

function keyboard(session: StoredSession): InlineKeyboardButton[][] {
  const { request, id } = session;
  const rows: InlineKeyboardButton[][] = [];
  if (request.selection_mode === 'multi') {
    const chosen = new Set(session.draft?.selected_ids ?? []);
    request.options.forEach((o, i) => rows.push([{ text: `${chosen.has(o.id) ? '☑' : '☐'} ${buttonLabel(o.label)}`, callback_data: buttonData({ action: 'toggle', sessionId: id, option: i }) }]));
    rows.push([
      { text: `✅ Done (${chosen.size})`, callback_data: buttonData({ action: 'done', sessionId: id }) },
      cancelButton(id),
    ]);
  } else {
    request.options.forEach((o, i) => rows.push([{ text: `${buttonLabel(o.label)}${o.recommended ? ' ⭐' : ''}`, callback_data: buttonData({ action: 'pick', sessionId: id, option: i }) }]));
    rows.push([cancelButton(id)]);
  }
  return rows;
}

function cancelButton(sessionId: string): InlineKeyboardButton {
  return { text: '✖ Cancel', callback_data: buttonData({ action: 'cancel', sessionId }) };
}

/** First line of the message once the gate has ended, wherever it ended: who answered where (gate-outcome.ts). */
export function endedLine(session: StoredSession): string {
  const result = session.result;
  const where = result ? whereWords(result.interface) : '';
  const answer = answerText(session, (s) => cut(s, 200));
  switch (session.status) {
    case 'submitted':
      return `✅ <b>${esc(answer || '(nothing selected)')}</b> — answered in ${esc(where)}`;
    case 'auto-submitted':
      return `🤖 <b>Nobody answered in time; the recommended option was submitted:</b> ${esc(answer)}`;
    case 'cancelled':
      return `✖ <b>Cancelled in ${esc(where)}</b>${result?.global_annotation ? `: ${esc(cut(result.global_annotation, 200))}` : ''}`;
    case 'timeout':
      return '⌛ <b>Timed out: nobody answered.</b>';
    default:
      return '';
  }
}

/** The toast for a tap on a gate that has already ended: who answered where, never an error. */
export function alreadyEndedToast(session: StoredSession): string {
  return alreadySettledText(session);
}

function buttonLabel(label: string): string {
  return cut(label.replace(/\s+/g, ' '), BUTTON_LABEL_CHARS);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

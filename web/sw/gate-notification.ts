// What the portal's notification of one gate says and offers (issue 32 §1): who asks, what, and the answers a tap may
// send. Pure, so the service worker (web/sw/service-worker.ts) and its unit test share it.
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { sourceLabel } from '../../shared/choice/gate-source.js';
import { selectionProblem } from '../../shared/choice/selection-rule.js';
import { countsText } from '../../shared/permission/counts-text.js';
import type { PermissionView } from '../../shared/permission/view.js';
import { isHighRisk } from '../../shared/permission/high-risk.js';

export { isHighRisk };

/** How many action buttons a notification may carry (Chromium desktop and Android show two). */
export const MAX_ACTIONS = 2;
/** The action that opens the gate's page instead of answering. */
export const OPEN_ACTION = 'open';
/** Actions that answer carry this prefix and the option id. */
export const ANSWER_PREFIX = 'answer:';

/** The words a notification uses, in the portal's language (the page hands them over: the worker has no catalog). */
export interface NoticeStrings {
  yesOnce: string;
  no: string;
  open: string;
  /** `{{reason}}`: the risk's first reason. */
  highRisk: string;
  /** `{{answer}}`, `{{who}}`. */
  sent: string;
  /** `{{why}}`. */
  failed: string;
  gone: string;
  hubDown: string;
}

export const ENGLISH_NOTICE_STRINGS: NoticeStrings = {
  yesOnce: 'Yes, once',
  no: 'No',
  open: 'Open',
  highRisk: 'High risk: {{reason}}',
  sent: '{{answer}} — sent to {{who}}',
  failed: 'Not sent: {{why}}. Opening the page…',
  gone: 'this question was already answered or is gone',
  hubDown: 'the hub is not running',
};

export interface NoticeAction {
  action: string;
  title: string;
}

/** What a notification keeps with itself (notification.data): enough to answer, confirm and open its page. */
export interface GateNoticeData {
  kind: 'gate' | 'done';
  id: string;
  href: string;
  who: string;
  /** Option id → the words the confirmation says ("Yes, once"). */
  answers: Record<string, string>;
  strings: NoticeStrings;
}

export interface GateNotice {
  title: string;
  body: string;
  tag: string;
  actions: NoticeAction[];
  data: GateNoticeData;
}

/** One notification per gate: showing it again replaces it (no pile of duplicates). */
export const gateTag = (id: string) => `gate:${id}`;


/** What a permission view is about, in one line: the command's first line, the file and its counts, the tool. */
export function whatLine(view: PermissionView | null | undefined, fallback: string): string {
  if (!view) return fallback;
  if (view.kind === 'command') return cut(view.command.split('\n')[0]!.trim() || view.command.trim());
  if (view.kind === 'mcp') return cut(`${view.server} · ${view.tool}`);
  const [first] = view.files;
  if (!first) return fallback;
  const more = view.files.length > 1 ? ` (+${view.files.length - 1} files)` : '';
  return cut(`${first.path} ${countsText(view.added, view.removed)}${more}`);
}

const cut = (text: string, max = 120) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Options one tap can send: a one-question gate whose rules accept that option alone. */
function oneTapOptions(session: ChoiceSessionView) {
  const request = session.request;
  if (request.questions) return [];
  return request.options.filter((o) => selectionProblem(request, [o.id], undefined) === null);
}

/**
 * The answer buttons: a permission gate offers "Yes, once" / "No" — a high-risk one "No" / "Open" (approving it needs
 * the page); a question whose options one tap can answer, and which has at most two, offers them; anything else "Open".
 */
export function noticeActions(session: ChoiceSessionView, strings: NoticeStrings): { actions: NoticeAction[]; answers: Record<string, string> } {
  const options = oneTapOptions(session);
  const answer = (id: string, title: string): NoticeAction => ({ action: `${ANSWER_PREFIX}${id}`, title });
  const open: NoticeAction = { action: OPEN_ACTION, title: strings.open };
  if (session.permission_view) {
    const yes = options.find((o) => o.id === 'yes');
    const no = options.find((o) => o.id === 'no');
    if (isHighRisk(session.permission_view)) return no ? { actions: [answer('no', strings.no), open], answers: { no: strings.no } } : { actions: [open], answers: {} };
    if (yes && no) return { actions: [answer('yes', strings.yesOnce), answer('no', strings.no)], answers: { yes: strings.yesOnce, no: strings.no } };
    return { actions: [open], answers: {} };
  }
  if (options.length === 0 || options.length !== session.request.options.length || options.length > MAX_ACTIONS) return { actions: [open], answers: {} };
  return { actions: options.map((o) => answer(o.id, cut(o.label, 40))), answers: Object.fromEntries(options.map((o) => [o.id, cut(o.label, 40)])) };
}

/** The notification of a pending gate: title, "who asks" and "what" in the body, the answer buttons, its tag. */
export function gateNotice(session: ChoiceSessionView, strings: NoticeStrings): GateNotice {
  const who = sourceLabel(session.source) || session.request.title;
  const what = whatLine(session.permission_view, session.request.context ?? firstPromptLine(session.request.prompt, session.request.title));
  const risk = session.permission_view?.risk;
  const lines = [who, what];
  if (risk && risk.grade === 'high') lines.unshift(`⚠ ${strings.highRisk.replace('{{reason}}', risk.reasons[0] ?? 'high')}`);
  const { actions, answers } = noticeActions(session, strings);
  const href = `/choice/${encodeURIComponent(session.id)}`;
  return { title: session.request.title, body: lines.filter(Boolean).join('\n'), tag: gateTag(session.id), actions, data: { kind: 'gate', id: session.id, href, who, answers, strings } };
}

function firstPromptLine(prompt: string, title: string): string {
  const line = prompt.split('\n').map((l) => l.replace(/^#+\s*|\*\*/g, '').trim()).find((l) => l && l !== title);
  return cut(line ?? '');
}

/** The confirmation that replaces a notification once its answer went through: "Yes, once — sent to claude-code · api". */
export function sentText(data: GateNoticeData, optionId: string): string {
  return data.strings.sent.replace('{{answer}}', data.answers[optionId] ?? optionId).replace('{{who}}', data.who);
}

/** What a notification says when its answer could not be sent. */
export function failedText(data: GateNoticeData, reason: 'gone' | 'hub-down'): string {
  return data.strings.failed.replace('{{why}}', reason === 'gone' ? data.strings.gone : data.strings.hubDown);
}

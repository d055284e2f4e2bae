// A gate as an ntfy notification (publish as JSON, https://docs.ntfy.sh/publish/): who asks, what, and up to three
// action buttons. An `http` button posts a signed reply to the reply topic (reply-capability.ts), so answering
// needs no route from the phone to the hub. Published with the gate's id as its sequence id, so the gate's end
// replaces the notification in place (ntfy 2.16+; older servers show it as a follow-up) and takes its buttons away.
import { countsText, type PermissionView } from '../../../shared/permission/view.js';
import { promptBelowTitle } from '../../../shared/choice/prompt-body.js';
import { routedGrade } from '../../policy/routing.js';
import type { StoredSession } from '../../sessions/stored-session.js';
import { gateSource } from '../gate-summary.js';
import { outcomeLine } from '../../sessions/gate-outcome.js';
import type { NtfyConfig } from './ntfy-config.js';

/** ntfy allows three actions per notification. */
export const NTFY_MAX_ACTIONS = 3;
/** ntfy turns a longer message into an attachment (4096 bytes by default): stay well within it. */
const BODY_CHARS = 1500;
const LABEL_CHARS = 40;
/** Options a high-risk request may be answered with away from a screen: refusing only (issue 32 §1). */
const REFUSALS = new Set(['no', 'never']);

export type NtfyAction =
  | { action: 'http'; label: string; url: string; method: 'POST'; headers?: Record<string, string>; body: string; clear: boolean }
  | { action: 'view'; label: string; url: string; clear: boolean };

export interface NtfyPublish {
  topic: string;
  sequence_id: string;
  title: string;
  message: string;
  priority: number;
  tags: string[];
  actions: NtfyAction[];
}

export interface RenderDeps {
  config: NtfyConfig;
  /** The reply a button posts for this gate and option (signed). */
  reply: (gate: string, option: number) => string;
  gateUrl: (id: string) => string;
}

const PRIORITY = { low: 2, medium: 3, high: 5 } as const;

/** The notification for a gate: pending with its buttons, or its end with none. */
export function renderNtfyMessage(session: StoredSession, deps: RenderDeps): NtfyPublish {
  const grade = routedGrade(session.permission_view);
  const base = { topic: deps.config.topic, sequence_id: session.id, priority: PRIORITY[grade], tags: grade === 'high' ? ['warning'] : [] };
  const body = cut(bodyText(session), BODY_CHARS);
  if (session.status !== 'pending') return { ...base, priority: 2, tags: [], title: cut(outcomeLine(session), 200), message: `${session.request.title}\n${body}`, actions: [] };
  return { ...base, title: cut(session.request.title, 200), message: body, actions: actions(session, grade === 'high', deps) };
}

function bodyText(session: StoredSession): string {
  const source = gateSource(session);
  const lines: string[] = [];
  if (source.label) lines.push(source.label);
  const view = session.permission_view;
  if (view) lines.push(viewText(view));
  else {
    const prompt = promptBelowTitle(session.request.prompt, session.request.title);
    if (prompt) lines.push(prompt);
  }
  if (view?.risk) lines.push(`${view.risk.grade} risk: ${view.risk.reasons.join('; ')}`);
  if (!session.request.questions) lines.push(...session.request.options.map((o, i) => `${i + 1}. ${o.label}${o.recommended ? ' ⭐' : ''}`));
  return lines.join('\n');
}

/** What a permission asks for, in a line or two: the command's first line, or the files and their +N −M. */
function viewText(view: PermissionView): string {
  switch (view.kind) {
    case 'command': {
      const first = view.command.split('\n')[0] ?? '';
      return [`$ ${first}${view.command.includes('\n') ? ' …' : ''}`, ...view.marks.map((m) => `⚠️ ${m.text}`)].join('\n');
    }
    case 'edit':
      return view.files.map((f) => `📝 ${f.path} ${f.problem_text ? `⚠️ ${f.problem_text}` : countsText(f.added, f.removed)}`).join('\n');
    case 'mcp':
      return `🔌 ${view.server} · ${view.tool}`;
  }
}

function actions(session: StoredSession, highRisk: boolean, deps: RenderDeps): NtfyAction[] {
  const { request } = session;
  const open: NtfyAction = { action: 'view', label: 'Open', url: deps.gateUrl(session.id), clear: false };
  // Several questions, or pick several: answered in the portal's form.
  if (request.questions || request.selection_mode === 'multi') return [open];
  let answerable = request.options.map((option, index) => ({ option, index }));
  if (highRisk && session.permission_view) answerable = answerable.filter((a) => REFUSALS.has(a.option.id));
  const all = answerable.length <= NTFY_MAX_ACTIONS && answerable.length === request.options.length;
  const shown = all ? answerable : answerable.slice(0, NTFY_MAX_ACTIONS - 1);
  const headers = deps.config.replyToken ? { authorization: `Bearer ${deps.config.replyToken}` } : undefined;
  const buttons: NtfyAction[] = shown.map(({ option, index }) => ({
    action: 'http',
    label: cut(option.label.replace(/\s+/g, ' '), LABEL_CHARS),
    url: `${deps.config.serverUrl}/${deps.config.replyTopic}`,
    method: 'POST',
    ...(headers ? { headers } : {}),
    body: deps.reply(session.id, index),
    clear: false,
  }));
  return all ? buttons : [...buttons, open];
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

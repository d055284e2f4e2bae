import { normalizeReply } from '../../shared/choice/normalize-reply.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { HubRequestError, type HubClient } from '../hub-client/hub-client.js';
import { pollReply } from './choice-replies.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

function rule(req: ChoiceRequest): string {
  if (req.selection_mode === 'single') return '**Select one:**';
  const range = req.min_selections === req.max_selections ? `${req.min_selections}` : `${req.min_selections}–${req.max_selections}`;
  return `**Select ${range}** (numbers or labels, separated by commas):`;
}

/** The Standard I/O Protocol Block for a choice: heading, short context, numbered options, how to answer. */
export function protocolBlock(req: ChoiceRequest): string {
  const context = req.prompt.trim() === req.title.trim() ? '' : `${req.prompt.trim()}\n\n`;
  const options = req.options.map((o, i) => `${i + 1}. ${o.label}${o.recommended ? ' *(recommended)*' : ''}${o.description ? ` — ${o.description}` : ''}`);
  const how = req.allow_free_text ? 'Type a number, a label or your own answer' : 'Type a number or label';
  return `### 🛑 GATE: ${req.title}\n\n${context}${rule(req)}\n${options.join('\n')}\n\n*${how} to proceed, or \`cancel\` (optionally \`cancel: reason\`).*`;
}

const printAndStop = (sessionId: string) =>
  `Print protocol_block to the user exactly as given (Markdown), then END YOUR TURN: do not call other tools, do not pick an option yourself, do not assume "proceed". When the user replies, call provide_choice with {"session_id": "${sessionId}", "reply": "<the user's message, verbatim>"}.`;

/** Start answer for a `chat` session: the block to print and the Stop rule. */
export function chatStartReply(session: ChoiceSessionView, url: string, terminalCommand: string) {
  return {
    status: 'pending' as const,
    session_id: session.id,
    url,
    terminal_command: terminalCommand,
    protocol_block: protocolBlock(session.request),
    instructions: printAndStop(session.id),
    remaining_seconds: Math.round(session.remaining_ms / 1000),
    ...(session.notices.length ? { notices: session.notices } : {}),
  };
}

function didNotMatch(session: ChoiceSessionView, why: string) {
  return {
    status: 'pending' as const,
    session_id: session.id,
    remaining_seconds: Math.round(session.remaining_ms / 1000),
    protocol_block: `${why}\n\n${protocolBlock(session.request)}`,
    next_step: `The reply did not answer the question (${why}) Nothing was submitted. ${printAndStop(session.id)}`,
  };
}

/**
 * A chat reply for a session: normalised (number, label, list, cancel, free text) into the typed result, or
 * answered with "did not match" and the same block. An ended session answers with its final result.
 */
export async function chatReply(hub: HubClient, sessionId: string, reply: string) {
  const path = `/api/sessions/${encodeURIComponent(sessionId)}`;
  const { session } = await hub.request<Handoff>('GET', path);
  if (session.status !== 'pending') return pollReply(session);
  const req = session.request;
  const normalized = normalizeReply(reply, req);
  try {
    switch (normalized.kind) {
      case 'empty':
        return didNotMatch(session, 'The reply was empty.');
      case 'no_match':
        return didNotMatch(session, `“${normalized.input}” did not match any option. Type a number 1–${req.options.length} or an option label.`);
      case 'cancel':
        return pollReply((await hub.request<Handoff>('POST', `${path}/cancel`, { global_annotation: normalized.note, interface: 'chat' })).session);
      case 'free_text':
        return pollReply((await hub.request<Handoff>('POST', `${path}/submit`, { selected_ids: [], free_text: normalized.text, interface: 'chat' })).session);
      case 'options':
        if (normalized.ids.length < req.min_selections) return didNotMatch(session, `Select at least ${req.min_selections} options (got ${normalized.ids.length}).`);
        if (normalized.ids.length > req.max_selections) return didNotMatch(session, `Select at most ${req.max_selections} options (got ${normalized.ids.length}).`);
        return pollReply((await hub.request<Handoff>('POST', `${path}/submit`, { selected_ids: normalized.ids, interface: 'chat' })).session);
    }
  } catch (err) {
    if (err instanceof HubRequestError && err.status === 409) return pollReply((await hub.request<Handoff>('GET', path)).session);
    if (err instanceof HubRequestError && err.status === 400) return didNotMatch(session, err.problems.map((p) => p.message).join('; ') || err.message);
    throw err;
  }
}

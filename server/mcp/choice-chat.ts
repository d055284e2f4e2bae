import { normalizeReply } from '../../shared/choice/normalize-reply.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { createI18n } from '../../shared/i18n/index.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import { HubRequestError, type HubClient } from '../hub-client/hub-client.js';
import { pollReply } from './choice-replies.js';
import { withLanguageNotice } from '../settings/language.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

/** Looks up a person-facing word (common namespace) in the language of the shared settings. */
export type GateWords = (key: string, params?: Record<string, unknown>) => string;

export async function gateWords(hub: HubClient): Promise<GateWords> {
  const { settings } = await hub.request<{ settings: EffectiveSettings }>('GET', '/api/settings');
  const i18n = await createI18n(settings.effective_language);
  return (key, params) => String(i18n.t(key, { ns: 'common', ...(params ?? {}) } as never));
}

function rule(req: ChoiceRequest, w: GateWords): string {
  if (req.selection_mode === 'single') return w('gate.selectOne');
  const range = req.min_selections === req.max_selections ? `${req.min_selections}` : `${req.min_selections}–${req.max_selections}`;
  return w('gate.selectRange', { range });
}

/** The Standard I/O Protocol Block for a choice: heading, short context, numbered options, how to answer. */
export function protocolBlock(req: ChoiceRequest, w: GateWords): string {
  const context = req.prompt.trim() === req.title.trim() ? '' : `${req.prompt.trim()}\n\n`;
  const options = req.options.map((o, i) => `${i + 1}. ${o.label}${o.recommended ? ` *(${w('recommended')})*` : ''}${o.description ? ` — ${o.description}` : ''}`);
  const how = w(req.allow_free_text ? 'gate.howToFree' : 'gate.howTo');
  return `${w('gate.heading', { title: req.title })}\n\n${context}${rule(req, w)}\n${options.join('\n')}\n\n${how}`;
}

const printAndStop = (sessionId: string) =>
  `Print protocol_block to the user exactly as given (Markdown), then END YOUR TURN: do not call other tools, do not pick an option yourself, do not assume "proceed". When the user replies, call provide_choice with {"session_id": "${sessionId}", "reply": "<the user's message, verbatim>"}.`;

/** Start answer for a `chat` session: the block to print and the Stop rule. */
export async function chatStartReply(hub: HubClient, session: ChoiceSessionView, url: string, terminalCommand: string) {
  const w = await gateWords(hub);
  return {
    status: 'pending' as const,
    session_id: session.id,
    url,
    terminal_command: terminalCommand,
    protocol_block: protocolBlock(session.request, w),
    instructions: printAndStop(session.id),
    remaining_seconds: Math.round(session.remaining_ms / 1000),
    ...(withLanguageNotice(session.notices).length ? { notices: withLanguageNotice(session.notices) } : {}),
  };
}

function didNotMatch(session: ChoiceSessionView, why: string, w: GateWords) {
  return {
    status: 'pending' as const,
    session_id: session.id,
    remaining_seconds: Math.round(session.remaining_ms / 1000),
    protocol_block: `${why}\n\n${protocolBlock(session.request, w)}`,
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
  const w = await gateWords(hub);
  const normalized = normalizeReply(reply, req);
  try {
    switch (normalized.kind) {
      case 'empty':
        return didNotMatch(session, w('gate.empty'), w);
      case 'no_match':
        return didNotMatch(session, w('gate.noMatch', { input: normalized.input, count: req.options.length }), w);
      case 'cancel':
        return pollReply((await hub.request<Handoff>('POST', `${path}/cancel`, { global_annotation: normalized.note, interface: 'chat' })).session);
      case 'free_text':
        return pollReply((await hub.request<Handoff>('POST', `${path}/submit`, { selected_ids: [], free_text: normalized.text, interface: 'chat' })).session);
      case 'options':
        if (normalized.ids.length < req.min_selections) return didNotMatch(session, w('gate.tooFew', { count: req.min_selections }), w);
        if (normalized.ids.length > req.max_selections) return didNotMatch(session, w('gate.tooMany', { count: req.max_selections }), w);
        return pollReply((await hub.request<Handoff>('POST', `${path}/submit`, { selected_ids: normalized.ids, interface: 'chat' })).session);
    }
  } catch (err) {
    if (err instanceof HubRequestError && err.status === 409) return pollReply((await hub.request<Handoff>('GET', path)).session);
    if (err instanceof HubRequestError && err.status === 400) return didNotMatch(session, err.problems.map((p) => p.message).join('; ') || err.message, w);
    throw err;
  }
}

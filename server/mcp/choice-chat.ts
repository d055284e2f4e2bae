import { normalizeReply } from '../../shared/choice/normalize-reply.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { isMultiQuestion, type ChoiceQuestion, type ChoiceRequest, type QuestionRules } from '../../shared/choice/validate-request.js';
import { normalizeQuestionReplies } from '../../shared/choice/normalize-question-replies.js';
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

function rule(req: QuestionRules, w: GateWords): string {
  if (req.selection_mode === 'single') return w('gate.selectOne');
  const range = req.min_selections === req.max_selections ? `${req.min_selections}` : `${req.min_selections}–${req.max_selections}`;
  return w('gate.selectRange', { range });
}

const optionLines = (req: QuestionRules, w: GateWords) =>
  req.options.map((o, i) => `${i + 1}. ${o.label}${o.recommended ? ` *(${w('recommended')})*` : ''}${o.description ? ` — ${o.description}` : ''}`).join('\n');

/** The Standard I/O Protocol Block for a choice: heading, short context, numbered options (per question), how to answer. */
export function protocolBlock(req: ChoiceRequest, w: GateWords): string {
  const context = !req.prompt.trim() || req.prompt.trim() === req.title.trim() ? '' : `${req.prompt.trim()}\n\n`;
  if (isMultiQuestion(req)) {
    const questions = req.questions.map((q, i) => `#### ${w('gate.question', { n: i + 1 })}${q.header ? ` · ${q.header}` : ''}\n${q.question}\n\n${rule(q, w)}\n${optionLines(q, w)}`);
    return `${w('gate.heading', { title: req.title })}\n\n${context}${questions.join('\n\n')}\n\n${w('gate.howToQuestions', { count: req.questions.length })}`;
  }
  const how = w(req.allow_free_text ? 'gate.howToFree' : 'gate.howTo');
  return `${w('gate.heading', { title: req.title })}\n\n${context}${rule(req, w)}\n${optionLines(req, w)}\n\n${how}`;
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
  if (isMultiQuestion(req)) return questionsReply(hub, session, req.questions, reply, w);
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
    return answeredMeanwhile(hub, session, err, w);
  }
}

/** A 409 (ended meanwhile) answers with the final result; a 400 repeats the block with the hub's words. */
async function answeredMeanwhile(hub: HubClient, session: ChoiceSessionView, err: unknown, w: GateWords) {
  const path = `/api/sessions/${encodeURIComponent(session.id)}`;
  if (err instanceof HubRequestError && err.status === 409) return pollReply((await hub.request<Handoff>('GET', path)).session);
  if (err instanceof HubRequestError && err.status === 400) return didNotMatch(session, err.problems.map((p) => p.message).join('; ') || err.message, w);
  throw err;
}

/** A chat reply to a gate with several questions: one line per question (see normalizeQuestionReplies). */
async function questionsReply(hub: HubClient, session: ChoiceSessionView, questions: ChoiceQuestion[], reply: string, w: GateWords) {
  const path = `/api/sessions/${encodeURIComponent(session.id)}`;
  const normalized = normalizeQuestionReplies(reply, questions);
  const which = (index: number) => `${w('gate.question', { n: index + 1 })}: `;
  try {
    switch (normalized.kind) {
      case 'empty':
        return didNotMatch(session, w('gate.empty'), w);
      case 'wrong_count':
        return didNotMatch(session, w('gate.answerCount', { expected: normalized.expected, got: normalized.got }), w);
      case 'no_match':
        return didNotMatch(session, which(normalized.question_index) + w('gate.noMatch', { input: normalized.input, count: questions[normalized.question_index]!.options.length }), w);
      case 'too_few':
      case 'too_many':
        return didNotMatch(session, which(normalized.question_index) + w(normalized.kind === 'too_few' ? 'gate.tooFew' : 'gate.tooMany', { count: normalized.bound }), w);
      case 'cancel':
        return pollReply((await hub.request<Handoff>('POST', `${path}/cancel`, { global_annotation: normalized.note, interface: 'chat' })).session);
      case 'answers':
        return pollReply((await hub.request<Handoff>('POST', `${path}/submit`, { answers: normalized.answers, interface: 'chat' })).session);
    }
  } catch (err) {
    return answeredMeanwhile(hub, session, err, w);
  }
}

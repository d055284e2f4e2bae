import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { isMultiQuestion, type ChoiceRequest, type QuestionRules } from '../../shared/choice/validate-request.js';
import type { HubClient } from '../hub-client/hub-client.js';
import type { Logger } from '../logging/logger.js';
import { pendingStartReply, pollReply } from './choice-replies.js';
import { gateWords, type GateWords } from './choice-chat.js';
import { envNumber } from '../config/env-number.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

/** One question's field: an enum (single) or a multi-select, titled `title`. */
function choiceField(req: QuestionRules, title: string) {
  return (w: GateWords) => {
    const choices = req.options.map((o) => ({ const: o.id, title: o.recommended ? `${o.label} (${w('recommended')})` : o.label }));
    const recommended = req.options.find((o) => o.recommended);
    return req.selection_mode === 'single'
      ? { type: 'string' as const, title, oneOf: choices, ...(recommended ? { default: recommended.id } : {}) }
      : { type: 'array' as const, title, minItems: req.min_selections, maxItems: req.max_selections, items: { anyOf: choices } };
  };
}

const described = (req: QuestionRules) => req.options.filter((o) => o.description).map((o) => `- ${o.label}: ${o.description}`);

/**
 * The form the MCP client shows: an enum (single) or a multi-select, an optional note, free text if allowed.
 * A gate with several questions gets one such field per question (`q1`, `q2`, … and `q1_free_text`, …).
 */
export function elicitationForm(req: ChoiceRequest, w: GateWords): ElicitRequestFormParams {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const details: string[] = [];
  if (isMultiQuestion(req)) {
    req.questions.forEach((q, i) => {
      const key = `q${i + 1}`;
      properties[key] = choiceField(q, `${w('gate.question', { n: i + 1 })}${q.header ? ` · ${q.header}` : ''}: ${q.question}`)(w);
      if (q.allow_free_text) properties[`${key}_free_text`] = { type: 'string', title: `${w('gate.question', { n: i + 1 })}: ${w('gate.formFreeText')}` };
      if (q.min_selections > 0 && !q.allow_free_text) required.push(key);
      details.push(...described(q));
    });
  } else {
    properties.choice = choiceField(req, w(req.selection_mode === 'single' ? 'gate.formChoice' : 'gate.formChoices'))(w);
    if (req.min_selections > 0 && !req.allow_free_text) required.push('choice');
    details.push(...described(req));
  }
  properties.note = { type: 'string', title: w('gate.formNote'), description: w('gate.formNoteHelp') };
  if (!isMultiQuestion(req) && req.allow_free_text) properties.free_text = { type: 'string', title: w('gate.formFreeText') };
  return {
    mode: 'form',
    message: [req.title, ...(req.prompt.trim() ? ['', req.prompt] : []), ...(details.length ? ['', ...details] : [])].join('\n'),
    requestedSchema: { type: 'object', properties, required } as ElicitRequestFormParams['requestedSchema'],
  };
}

const idsOf = (raw: unknown) => (Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' && raw ? [raw] : []);

/** The submit body for an accepted form: selected_ids, or answers[] for a gate with several questions. */
function answerBody(req: ChoiceRequest, content: Record<string, unknown>) {
  if (!isMultiQuestion(req)) return { selected_ids: idsOf(content.choice), ...(typeof content.free_text === 'string' ? { free_text: content.free_text } : {}) };
  return {
    answers: req.questions.map((_, i) => {
      const free = content[`q${i + 1}_free_text`];
      return { question_index: i, selected_ids: idsOf(content[`q${i + 1}`]), ...(typeof free === 'string' ? { free_text: free } : {}) };
    }),
  };
}

/** Submits an accepted form / cancels a declined one, as interface `elicitation`. */
async function applyResult(hub: HubClient, path: string, request: ChoiceRequest, result: ElicitResult): Promise<ChoiceSessionView> {
  const content = (result.content ?? {}) as Record<string, unknown>;
  const note = typeof content.note === 'string' ? content.note : undefined;
  if (result.action !== 'accept') {
    return (await hub.request<Handoff>('POST', `${path}/cancel`, { global_annotation: note ?? `${result.action} in the client's form`, interface: 'elicitation' })).session;
  }
  return (
    await hub.request<Handoff>('POST', `${path}/submit`, {
      ...answerBody(request, content),
      ...(note ? { global_annotation: note } : {}),
      interface: 'elicitation',
    })
  ).session;
}

/**
 * A decline or cancel that comes back sooner than this was not a person's: nobody reads a form and dismisses it
 * that fast. Claude Code (-p) cancels and `codex exec` declines every elicitation/create within 5–50 ms.
 * GATEHOUSE_FASTEST_PERSON_MS changes it (tests set it so that no test depends on how fast a machine is).
 */
const fastestPersonMs = () => envNumber(process.env, 'GATEHOUSE_FASTEST_PERSON_MS', 1000);

/** Hands a pending session to the web portal and says why in `notices`. */
async function continueInPortal(hub: HubClient, path: string, why: string) {
  const moved = await hub.request<Handoff>('POST', `${path}/interface`, { interface: 'web' });
  const reply = pendingStartReply(moved.session, moved.url, moved.terminal_command);
  return { ...reply, notices: [...(reply.notices ?? []), why] };
}

/**
 * Asks through the MCP client's own UI (elicitation/create) while the start call is open, then returns the
 * final typed result. If the session ends elsewhere first the form is withdrawn; if the client cannot show
 * the form (or the hub refuses its content), or with interface "auto" it refuses the form faster than a person
 * could, the session moves to the web portal and the start answer says so.
 */
export async function askByElicitation(server: McpServer, hub: HubClient, created: Handoff, requestId: string | number, log: Logger) {
  const { session } = created;
  const path = `/api/sessions/${encodeURIComponent(session.id)}`;
  // Two signals: `withdraw` cancels the form (only when the question ended elsewhere: aborting it after the
  // client answered would send a stray notifications/cancelled), `stopWatching` ends the watcher.
  const withdraw = new AbortController();
  const stopWatching = new AbortController();
  const watch = (async () => {
    let ended: string | null = null;
    while (!stopWatching.signal.aborted) {
      const now = await hub.waits.wait(session.id, 50_000, stopWatching.signal).catch(() => null);
      ended = now?.status ?? null;
      if (ended !== 'pending') break;
    }
    // The reason the client is given says what happened, not always "answered".
    const why = ended === 'submitted' ? 'the question was answered elsewhere' : ended ? `the question ended elsewhere (${ended})` : "the question's hub stopped answering";
    if (!stopWatching.signal.aborted) withdraw.abort(new Error(why));
  })();
  try {
    const askedAt = Date.now();
    const result = await server.server
      .elicitInput(elicitationForm(session.request, await gateWords(hub)), { relatedRequestId: requestId, signal: withdraw.signal, timeout: session.remaining_ms })
      // Settled: the session ending from now on is the client's own answer being applied, not one given elsewhere
      // (the SDK would send a notifications/cancelled for any later abort of `withdraw`, even of a finished form).
      .finally(() => stopWatching.abort());
    const took = Date.now() - askedAt;
    if (result.action !== 'accept' && session.request.interface === 'auto' && took < fastestPersonMs()) {
      log.warn({ session: session.id, action: result.action, ms: took }, 'the client refused its form before anyone could read it; moving the question to the web portal');
      return await continueInPortal(hub, path, `The client answered its form with "${result.action}" after ${took} ms, before anyone could have read it, so nobody was asked there; the question continues in the web portal.`);
    }
    return pollReply(await applyResult(hub, path, session.request, result));
  } catch (err) {
    const { session: now } = await hub.request<Handoff>('GET', path);
    if (now.status !== 'pending') return pollReply(now);
    log.warn({ err: (err as Error).message, session: session.id }, 'elicitation failed; moving the question to the web portal');
    return await continueInPortal(hub, path, `The client's form could not be used (${(err as Error).message}); the question continues in the web portal.`);
  } finally {
    stopWatching.abort();
    await watch;
  }
}

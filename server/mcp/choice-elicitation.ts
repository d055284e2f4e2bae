import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import type { HubClient } from '../hub-client/hub-client.js';
import type { Logger } from '../logging/logger.js';
import { pendingStartReply, pollReply } from './choice-replies.js';
import { gateWords, type GateWords } from './choice-chat.js';
import { envNumber } from '../config/env-number.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };

/** The form the MCP client shows: an enum (single) or a multi-select, an optional note, free text if allowed. */
export function elicitationForm(req: ChoiceRequest, w: GateWords): ElicitRequestFormParams {
  const choices = req.options.map((o) => ({ const: o.id, title: o.recommended ? `${o.label} (${w('recommended')})` : o.label }));
  const described = req.options.filter((o) => o.description).map((o) => `- ${o.label}: ${o.description}`);
  const choice =
    req.selection_mode === 'single'
      ? { type: 'string' as const, title: w('gate.formChoice'), oneOf: choices, ...(req.options.find((o) => o.recommended) ? { default: req.options.find((o) => o.recommended)!.id } : {}) }
      : { type: 'array' as const, title: w('gate.formChoices'), minItems: req.min_selections, maxItems: req.max_selections, items: { anyOf: choices } };
  const properties: Record<string, unknown> = { choice, note: { type: 'string', title: w('gate.formNote'), description: w('gate.formNoteHelp') } };
  if (req.allow_free_text) properties.free_text = { type: 'string', title: w('gate.formFreeText') };
  const required = req.min_selections > 0 && !req.allow_free_text ? ['choice'] : [];
  return {
    mode: 'form',
    message: [req.title, '', req.prompt, ...(described.length ? ['', ...described] : [])].join('\n'),
    requestedSchema: { type: 'object', properties, required } as ElicitRequestFormParams['requestedSchema'],
  };
}

/** Submits an accepted form / cancels a declined one, as interface `elicitation`. */
async function applyResult(hub: HubClient, path: string, result: ElicitResult): Promise<ChoiceSessionView> {
  const content = (result.content ?? {}) as Record<string, unknown>;
  const note = typeof content.note === 'string' ? content.note : undefined;
  if (result.action !== 'accept') {
    return (await hub.request<Handoff>('POST', `${path}/cancel`, { global_annotation: note ?? `${result.action} in the client's form`, interface: 'elicitation' })).session;
  }
  const raw = content.choice;
  const selected = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' && raw ? [raw] : [];
  return (
    await hub.request<Handoff>('POST', `${path}/submit`, {
      selected_ids: selected,
      ...(note ? { global_annotation: note } : {}),
      ...(typeof content.free_text === 'string' ? { free_text: content.free_text } : {}),
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
    while (!stopWatching.signal.aborted) {
      const { session: now } = await hub.request<Handoff>('GET', `${path}/wait?seconds=50`, undefined, { signal: stopWatching.signal }).catch(() => ({ session: null }));
      if (!now || now.status !== 'pending') break;
    }
    if (!stopWatching.signal.aborted) withdraw.abort(new Error('the question was answered elsewhere'));
  })();
  try {
    const askedAt = Date.now();
    const result = await server.server.elicitInput(elicitationForm(session.request, await gateWords(hub)), { relatedRequestId: requestId, signal: withdraw.signal, timeout: session.remaining_ms });
    const took = Date.now() - askedAt;
    if (result.action !== 'accept' && session.request.interface === 'auto' && took < fastestPersonMs()) {
      log.warn({ session: session.id, action: result.action, ms: took }, 'the client refused its form before anyone could read it; moving the question to the web portal');
      return await continueInPortal(hub, path, `The client answered its form with "${result.action}" after ${took} ms, before anyone could have read it, so nobody was asked there; the question continues in the web portal.`);
    }
    return pollReply(await applyResult(hub, path, result));
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

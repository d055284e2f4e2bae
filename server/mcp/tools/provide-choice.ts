import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHOICE_LIMITS } from '../../../shared/choice/limits.js';
import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { HubRequestError } from '../../hub-client/hub-client.js';
import { pendingStartReply, pollReply } from '../choice-replies.js';
import { chatReply, chatStartReply } from '../choice-chat.js';
import { askByElicitation } from '../choice-elicitation.js';
import { hasControllingTerminal } from '../../terminal/controlling-tty.js';
import { PROVIDE_CHOICE_DESCRIPTION, provideChoiceInputShape, provideChoiceOutputShape } from '../provide-choice-schema.js';
import type { McpToolModule } from '../tool-module.js';

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };
const PROGRESS_EVERY_MS = 5000;

function ok(payload: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(payload, null, 2) }], structuredContent: payload };
}

function fail(message: string): CallToolResult {
  return { content: [{ type: 'text', text: `provide_choice: ${message}` }], isError: true };
}

function hubError(err: unknown): CallToolResult {
  if (err instanceof HubRequestError) {
    if (err.status === 404) return fail(`${err.message}. Start a new choice instead of polling this id.`);
    return fail(err.problems.length ? `invalid request — ${err.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}` : err.message);
  }
  return fail((err as Error).message);
}

/** `provide_choice`: start a choice (returns at once) or poll one (blocks up to wait_seconds). */
export const provideChoiceTool: McpToolModule = {
  register(server, deps) {
    server.registerTool(
      'provide_choice',
      {
        title: 'Ask a person to choose',
        description: PROVIDE_CHOICE_DESCRIPTION,
        inputSchema: provideChoiceInputShape,
        outputSchema: provideChoiceOutputShape,
        annotations: { readOnlyHint: false, openWorldHint: false },
      },
      async (args, extra) => {
        const { session_id, wait_seconds, reply, ...request } = args as Record<string, unknown>;
        try {
          const hub = await deps.hub();
          if (session_id !== undefined) {
            if (typeof session_id !== 'string' || !session_id.trim()) return fail('session_id: must be the non-empty id a start call returned');
            if (reply !== undefined) return typeof reply === 'string' ? ok(await chatReply(hub, session_id, reply)) : fail('reply: must be the user\'s message as a string');
            const wait = wait_seconds === undefined ? CHOICE_LIMITS.defaultWaitSeconds : Number(wait_seconds);
            if (!Number.isFinite(wait) || wait < 0) return fail(`wait_seconds: must be a number of seconds from 0 to ${CHOICE_LIMITS.maxWaitSeconds} (got ${JSON.stringify(wait_seconds)})`);
            const seconds = Math.min(wait, CHOICE_LIMITS.maxWaitSeconds);
            const progressToken = extra._meta?.progressToken;
            const started = Date.now();
            const ticker = progressToken === undefined ? null : setInterval(() => {
              const elapsed = Math.round((Date.now() - started) / 1000);
              void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: elapsed, total: seconds, message: `waiting for the person (${elapsed}/${seconds} s)` } }).catch(() => undefined);
            }, PROGRESS_EVERY_MS);
            try {
              const { session } = await hub.request<Handoff>('GET', `/api/sessions/${encodeURIComponent(session_id)}/wait?seconds=${seconds}`, undefined, { signal: extra.signal });
              return ok(pollReply(session));
            } finally {
              if (ticker) clearInterval(ticker);
            }
          }
          if (wait_seconds !== undefined || reply !== undefined) return fail(`${wait_seconds !== undefined ? 'wait_seconds' : 'reply'}: only goes with session_id; a start call returns at once`);
          const capabilities = server.server.getClientCapabilities();
          const created = await hub.request<Handoff>('POST', '/api/sessions', { ...request, client_capabilities: { elicitation: Boolean(capabilities?.elicitation), interactive_terminal: hasControllingTerminal() } });
          deps.log.info({ session: created.session.id }, 'choice started');
          if (created.session.interface === 'chat') return ok(await chatStartReply(hub, created.session, created.url, created.terminal_command));
          if (created.session.interface === 'elicitation') return ok(await askByElicitation(server, hub, created, extra.requestId, deps.log));
          return ok(pendingStartReply(created.session, created.url, created.terminal_command));
        } catch (err) {
          return hubError(err);
        }
      },
    );
  },
};

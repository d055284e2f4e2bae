import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHOICE_LIMITS } from '../../../shared/choice/limits.js';
import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { HubRequestError } from '../../hub-client/hub-client.js';
import { pendingStartReply, pollReply } from '../choice-replies.js';
import { hasControllingTerminal } from '../../terminal/controlling-tty.js';
import { POLL_FIELDS, PROVIDE_CHOICE_DESCRIPTION, provideChoiceInputSchema, provideChoiceOutputShape } from '../provide-choice-schema.js';
import { unknownFieldMessage } from '../../../shared/choice/did-you-mean.js';
import { tooDeepArgument } from '../nesting-depth.js';
import type { McpToolModule } from '../tool-module.js';
import { mcpClientSource } from '../client-source.js';

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
        inputSchema: provideChoiceInputSchema,
        outputSchema: provideChoiceOutputShape,
        // Asking a person changes nothing on the machine: clients that approve tool calls (Codex with approval
        // policy "never") may run it without asking first.
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      async (args, extra) => {
        const { session_id, wait_seconds, poll, reply, ...request } = args as Record<string, unknown>;
        const tooDeep = tooDeepArgument(args as Record<string, unknown>);
        if (tooDeep) return fail(tooDeep);
        try {
          const hub = await deps.hub();
          if (session_id !== undefined) {
            if (typeof session_id !== 'string' || !session_id.trim()) return fail('session_id: must be the non-empty id a start call returned');
            const stray = Object.keys(request);
            if (stray.length) return fail(stray.map((field) => `${field}: ${unknownFieldMessage(field, POLL_FIELDS)} (a poll takes only ${POLL_FIELDS.join(', ')})`).join('; '));
            if (reply !== undefined) return typeof reply === 'string' ? ok(await (await import('../choice-chat.js')).chatReply(hub, session_id, reply)) : fail('reply: must be the user\'s message as a string');
            if (poll !== undefined && !(Number.isInteger(poll) && (poll as number) >= 1)) return fail(`poll: must be the whole number ≥ 1 from the previous answer's next_call (got ${JSON.stringify(poll)})`);
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
              return ok(pollReply(await hub.waits.wait(session_id, seconds * 1000, extra.signal), (poll as number | undefined) ?? 0));
            } finally {
              if (ticker) clearInterval(ticker);
            }
          }
          const pollOnly = wait_seconds !== undefined ? 'wait_seconds' : poll !== undefined ? 'poll' : reply !== undefined ? 'reply' : null;
          if (pollOnly) return fail(`${pollOnly}: only goes with session_id; a start call returns at once`);
          const capabilities = server.server.getClientCapabilities();
          const created = await hub.request<Handoff>('POST', '/api/sessions', { ...request, client_capabilities: { elicitation: Boolean(capabilities?.elicitation), interactive_terminal: hasControllingTerminal() }, source: await mcpClientSource(server) });
          deps.log.info({ session: created.session.id }, 'choice started');
          // Chat and elicitation need the person's words (i18n): loaded only when used, so an idle MCP process stays small.
          if (created.session.interface === 'chat') return ok(await (await import('../choice-chat.js')).chatStartReply(hub, created.session, created.url, created.terminal_command));
          if (created.session.interface === 'elicitation') return ok(await (await import('../choice-elicitation.js')).askByElicitation(server, hub, created, extra.requestId, deps.log));
          return ok(pendingStartReply(created.session, created.url, created.terminal_command));
        } catch (err) {
          return hubError(err);
        }
      },
    );
  },
};

import { z } from 'zod';
import { choiceRequestSchema } from '../../shared/choice/request-schema.js';
import { CHOICE_LIMITS, SESSION_STATUSES } from '../../shared/choice/limits.js';

/**
 * The MCP input shape of provide_choice. Each field advertises its real JSON Schema (from the request schema)
 * but accepts anything at the protocol layer, so that our own validation answers with errors that name the
 * field and the problem (`options[2].id: duplicate "pg"`) instead of a generic protocol error.
 */
function advertised(schema: z.ZodType, description: string) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return z.unknown().optional().meta({ ...json, description });
}

const shape = choiceRequestSchema.shape;

export const provideChoiceInputShape = {
  prompt: advertised(shape.prompt.unwrap(), 'Start a choice: the question for the person, in Markdown. Include the task context and the reason a choice is needed.'),
  title: advertised(shape.title.unwrap(), 'Short title shown in the interaction list (default: first line of prompt).'),
  context: advertised(shape.context.unwrap(), `Optional: one short line (≤ ${CHOICE_LIMITS.maxContextChars} characters) saying what you are doing, shown to the person with the question.`),
  options: advertised(shape.options.unwrap(), `1–${CHOICE_LIMITS.maxOptions} options {id, label, description?, recommended?}; ids and labels unique.`),
  questions: advertised(shape.questions.unwrap(), `Instead of prompt's single question: ${CHOICE_LIMITS.minQuestions}–${CHOICE_LIMITS.maxQuestions} questions answered together in one form, each {question, header? (chip ≤ ${CHOICE_LIMITS.maxHeaderChars} chars), options, multi_select?, allow_free_text?}. Not with options/selection_mode/min_selections/max_selections/allow_free_text; prompt becomes optional context. The result then carries answers: [{question_index, selected, free_text?}].`),
  selection_mode: advertised(shape.selection_mode.unwrap(), 'single (default) or multi.'),
  min_selections: advertised(shape.min_selections.unwrap(), 'Fewest options the person must pick (default 1, or 0 with allow_free_text).'),
  max_selections: advertised(shape.max_selections.unwrap(), 'Most options the person may pick (single: 1; multi: default all).'),
  allow_free_text: advertised(shape.allow_free_text.unwrap(), 'Let the person type an answer of their own.'),
  interface: advertised(shape.interface.unwrap(), 'auto (default), web, terminal, chat or elicitation.'),
  timeout_seconds: advertised(shape.timeout_seconds.unwrap(), `Seconds the person has (default ${CHOICE_LIMITS.defaultTimeoutSeconds}; clamped to ${CHOICE_LIMITS.minTimeoutSeconds}–${CHOICE_LIMITS.maxTimeoutSeconds}).`),
  timeout_action: advertised(shape.timeout_action.unwrap(), 'timeout (default: report that nobody answered) or submit_recommended (submit the recommended options).'),
  session_id: z.string().optional().describe('Poll: the session_id a start call returned. Blocks until the person answers or wait_seconds pass.'),
  reply: z.unknown().optional().meta({ type: 'string', description: 'Chat: the user\'s reply to a protocol_block, verbatim (with session_id). Normalised into the typed result.' }),
  poll: z.unknown().optional().meta({ type: 'integer', minimum: 1, description: 'Poll: the number from the previous pending answer\'s next_call. It makes each poll differ from the last, so a client\'s loop detector does not stop a long wait.' }),
  wait_seconds: z.unknown().optional().meta({ type: 'number', minimum: 0, maximum: CHOICE_LIMITS.maxWaitSeconds, description: `Poll: how long to block (default ${CHOICE_LIMITS.defaultWaitSeconds}, max ${CHOICE_LIMITS.maxWaitSeconds}).` }),
};

/**
 * The tool's input as the SDK validates it: unknown fields are let through (a plain object schema would drop them
 * without a word, so a typo such as `timeout_second` changed behaviour silently); the handler and the hub refuse
 * them by name, with "did you mean …".
 */
export const provideChoiceInputSchema = z.looseObject(provideChoiceInputShape);

/** The fields of a poll call ({session_id, wait_seconds?} or {session_id, reply}). */
export const POLL_FIELDS = ['session_id', 'wait_seconds', 'poll', 'reply'] as const;

export const provideChoiceOutputShape = {
  status: z.enum(SESSION_STATUSES),
  session_id: z.string(),
  url: z.string().optional(),
  terminal_command: z.string().optional(),
  instructions: z.string().optional(),
  remaining_seconds: z.number().optional(),
  next_call: z.object({ session_id: z.string(), poll: z.number() }).optional(),
  notices: z.array(z.string()).optional(),
  protocol_block: z.string().optional(),
  selected: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
  global_annotation: z.string().nullable().optional(),
  free_text: z.string().nullable().optional(),
  answers: z.array(z.object({ question_index: z.number(), selected: z.array(z.object({ id: z.string(), label: z.string() })), free_text: z.string().optional() })).optional(),
  interface: z.string().optional(),
  answered_by: z.enum(['human', 'default']).nullable().optional(),
  next_step: z.string().optional(),
};

export const PROVIDE_CHOICE_DESCRIPTION = `Ask a person to choose, and get back a typed answer you cannot misread.

Call it — instead of picking a default yourself — when there are more than two viable paths, before a destructive action, or when required configuration is missing. Put the task context and the reason a choice is needed in \`prompt\`.

Two call shapes:
1. Start: {prompt, options, …} → returns at once {status:"pending", session_id, url, terminal_command, instructions, remaining_seconds}. Follow \`instructions\`.
   With interface "chat" the start answer carries a \`protocol_block\`: print it, end your turn, then send the user's reply as {session_id, reply}.
2. Poll: {session_id, poll?, wait_seconds?} → blocks up to wait_seconds (default ${CHOICE_LIMITS.defaultWaitSeconds}, max ${CHOICE_LIMITS.maxWaitSeconds}) and returns the final result, or status "pending" with remaining_seconds and next_call — then call again with next_call.

Several questions at once: give questions:[{question, header?, options, multi_select?, allow_free_text?}] (1–${CHOICE_LIMITS.maxQuestions}) instead of options; the person answers them in one form.

Final result: {status: submitted|auto-submitted|cancelled|timeout, session_id, selected:[{id,label}], annotations, global_annotation, free_text, interface, answered_by, next_step}; with questions also answers:[{question_index, selected:[{id,label}], free_text?}] in question order (selected is then empty). Do what \`next_step\` says; never act on an option while the status is pending.`;

import { z } from 'zod';
import { CHOICE_LIMITS } from './limits.js';

const note = z.string({ error: 'must be a string' }).max(CHOICE_LIMITS.maxAnnotationChars, { error: `must be at most ${CHOICE_LIMITS.maxAnnotationChars} characters` });
/**
 * Who answered: the interfaces a session is carried by, plus `telegram`, `cli` (`gatehouse answer`) and
 * `notification` (the portal's notification's action button), which answer a gate carried by any interface. `api` names no interface: the session's own is recorded.
 */
const answeringInterface = z.enum(['web', 'terminal', 'chat', 'elicitation', 'telegram', 'ntfy', 'cli', 'notification', 'api'], { error: 'must be one of web, terminal, chat, elicitation, telegram, ntfy, cli, notification, api' });

const selectedIds = z.array(z.string({ error: 'must be a string' }), { error: (i) => (i.input === undefined ? 'is required' : 'must be an array of option ids') });

/** The answer to one question of a multi-question gate (`questions`). */
export const questionAnswerSchema = z.strictObject(
  {
    question_index: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a whole number') }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }),
    selected_ids: selectedIds,
    free_text: note.optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? undefined : 'must be an object {question_index, selected_ids, free_text?}') },
);
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/**
 * Body of POST /api/sessions/:id/submit: `selected_ids` (+ notes, free text) for a one-question gate, `answers`
 * (one per question) for a gate with `questions` — which one a gate needs is checked against it (answer-validation.ts).
 */
export const submitAnswerSchema = z.strictObject({
  selected_ids: selectedIds.optional(),
  answers: z.array(questionAnswerSchema, { error: 'must be an array of {question_index, selected_ids, free_text?}' }).max(CHOICE_LIMITS.maxQuestions, { error: `must have at most ${CHOICE_LIMITS.maxQuestions} answers` }).optional(),
  annotations: z.record(z.string(), note).optional(),
  global_annotation: note.optional(),
  free_text: note.optional(),
  interface: answeringInterface.optional(),
});
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

/** Body of POST /api/sessions/:id/cancel. */
export const cancelSchema = z.strictObject({
  global_annotation: note.optional(),
  interface: answeringInterface.optional(),
});
export type CancelAnswer = z.infer<typeof cancelSchema>;

/** Body of PUT /api/sessions/:id/draft. */
export const draftSchema = z.strictObject({
  selected_ids: z.array(z.string()).default([]),
  annotations: z.record(z.string(), note).default({}),
  global_annotation: note.default(''),
  free_text: note.default(''),
  /** A multi-question gate: what is picked and typed so far for each question, in question order. */
  answers: z.array(z.strictObject({ selected_ids: z.array(z.string()).default([]), free_text: note.default('') })).max(CHOICE_LIMITS.maxQuestions).optional(),
});

/** Body of POST /api/sessions/:id/deadline: the new remaining time, counted from now. */
export const deadlineSchema = z.strictObject({
  timeout_seconds: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number of seconds') }).finite(),
});

/** Body of POST /api/sessions/:id/interface: hand a pending session to another interface. */
export const switchInterfaceSchema = z.strictObject({
  interface: z.enum(['web', 'terminal'], { error: 'must be web or terminal' }),
});

import { z } from 'zod';
import { CHOICE_LIMITS } from './limits.js';

const note = z.string({ error: 'must be a string' }).max(CHOICE_LIMITS.maxAnnotationChars, { error: `must be at most ${CHOICE_LIMITS.maxAnnotationChars} characters` });
const answeringInterface = z.enum(['web', 'terminal', 'chat', 'elicitation', 'telegram', 'api'], { error: 'must be one of web, terminal, chat, elicitation, telegram, api' });

/** Body of POST /api/sessions/:id/submit. */
export const submitAnswerSchema = z.strictObject({
  selected_ids: z.array(z.string({ error: 'must be a string' }), { error: (i) => (i.input === undefined ? 'is required' : 'must be an array of option ids') }),
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
});

/** Body of POST /api/sessions/:id/deadline: the new remaining time, counted from now. */
export const deadlineSchema = z.strictObject({
  timeout_seconds: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number of seconds') }).finite(),
});

/** Body of POST /api/sessions/:id/interface: hand a pending session to another interface. */
export const switchInterfaceSchema = z.strictObject({
  interface: z.enum(['web', 'terminal'], { error: 'must be web or terminal' }),
});

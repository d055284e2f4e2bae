import { z } from 'zod';
import { ACCEPTED_KEY_NAMES, keyNamed } from '../pty/index.js';

/** A key name of the one key vocabulary (server/pty/keys.ts), normalised (`esc` → `escape`). */
export const keyNameSchema = z
  .string()
  .refine((k) => keyNamed(k) !== null, { error: `must be a key name: ${ACCEPTED_KEY_NAMES.join(', ')} (type text with an "answer" handler)` })
  .transform((k) => keyNamed(k)!);

/**
 * Policy handlers written as data (in adapter configs and workflow files). Each compiles to a pure
 * function in standard-handlers.ts. `when` is a regular expression (case-insensitive) tested against
 * the prompt line and the visible screen; a handler without `when` applies to every interaction.
 */
const when = z.string({ error: 'must be a regular expression' }).refine(isValidRegex, { error: 'is not a valid regular expression' });

export const handlerSpecSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('pressEnter'), when: when.optional() }),
    z.strictObject({
      type: z.literal('answer'),
      when,
      text: z.string({ error: 'must be the text to type' }),
      /** Press Enter after the text (default true). */
      submit: z.boolean().optional(),
    }),
    z.strictObject({
      type: z.literal('choose'),
      when: when.optional(),
      /** Substring of the option to pick (case-insensitive), mapped through the generic menu parser. */
      option: z.string({ error: 'must be a substring of the option to pick' }).min(1, { error: 'must not be empty' }),
    }),
    z.strictObject({
      type: z.literal('keys'),
      when,
      /** Named keys of the one key vocabulary, pressed in order, one per write (`esc` is escape). Text is typed with `answer`. */
      keys: z.array(keyNameSchema).min(1, { error: 'must name at least one key' }),
    }),
  ],
  { error: 'must be one of pressEnter, answer, choose, keys (field "type")' },
);

export type HandlerSpec = z.infer<typeof handlerSpecSchema>;

function isValidRegex(source: string): boolean {
  try {
    new RegExp(source, 'i');
    return true;
  } catch {
    return false;
  }
}

import { z } from 'zod';
import { SOURCE_KINDS, type GateSource } from './gate-source.js';

// The validation of a gate's source, apart from its type and labels so the portal bundle carries no zod.

const MAX_NAME_CHARS = 200;
const MAX_PATH_CHARS = 4_096;

const optionalText = (max: number) => z.string({ error: 'must be a string or null' }).trim().max(max, { error: `must be at most ${max} characters` }).nullable().optional();

/** The `source` a client sends with a new gate (POST /api/sessions). */
export const gateSourceSchema = z.strictObject(
  {
    kind: z.enum(SOURCE_KINDS, { error: (iss) => (iss.input === undefined ? 'is required' : `must be one of ${SOURCE_KINDS.join(', ')} (got ${JSON.stringify(iss.input)})`) }),
    agent: optionalText(MAX_NAME_CHARS),
    project: optionalText(MAX_PATH_CHARS),
    branch: optionalText(MAX_NAME_CHARS),
    workflow: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(MAX_NAME_CHARS).optional(),
    task: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(MAX_NAME_CHARS).optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? undefined : 'must be an object {kind, agent?, project?, branch?, workflow?, task?}') },
);

/** Fills the optional fields with null so every stored source has the same shape. */
export function normalizeGateSource(input: z.infer<typeof gateSourceSchema>): GateSource {
  return {
    kind: input.kind,
    agent: input.agent || null,
    project: input.project || null,
    branch: input.branch || null,
    ...(input.workflow ? { workflow: input.workflow } : {}),
    ...(input.task ? { task: input.task } : {}),
  };
}

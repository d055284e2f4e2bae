import { z } from 'zod';
import type { ResolveSelection, ResolveState, ResolveTaskView } from '../resolver/resolve-types.js';

// The structuredContent of the four resolve_component_* tools, as their `outputSchema`. Clients validate it
// strictly (the SDK's JSON schema forbids unlisted fields), so the shapes below are checked against the
// resolver's own types at compile time: a field added there and not here fails the type check.

const STATES = ['idle', 'checking_local', 'checking_global', 'selection_required', 'trying_import', 'finished', 'failed'] as const satisfies readonly ResolveState[];
const state = z.enum(STATES).describe('the task\'s state');

const selection = z.object({
  selection_id: z.string(),
  prompt: z.string(),
  options: z.array(z.string()).describe('raw option lines in screen order; empty when answered by typing'),
  cursor_index: z.number(),
  answer_with: z.enum(['option', 'text']),
  multi_select: z.literal(true).optional(),
  marked: z.array(z.number()).optional(),
  labels: z.array(z.string()).optional(),
  descriptions: z.array(z.string().nullable()).optional().describe('what the program draws under each option to describe it (null: nothing), in the order of options'),
  screen: z.string().describe('the prompt block as a person sees it, verbatim'),
});

/** resolve_component_status and resolve_component_select: the task as `GET /api/resolve/:id` has it, without the live screen. */
export const resolveTaskOutputShape = {
  task_id: z.string(),
  component_name: z.string(),
  project_dir: z.string(),
  state,
  selection: selection.optional().describe('selection_required: the prompt to answer'),
  error: z.string().optional().describe('selection_required after a failed import or a refused pick: what happened, verbatim'),
  location: z.string().optional().describe('finished: the file created or the dependency found'),
  source: z.enum(['local', 'global']).optional(),
  reason: z.string().optional().describe('failed: tsci\'s output tail, verbatim'),
  exit_code: z.number().nullable().optional(),
  command: z.array(z.string()).optional().describe('the command line run'),
  created_at: z.string(),
  updated_at: z.string(),
  ended_at: z.string().nullable(),
};

/** resolve_component_start: answered at once. */
export const resolveStartOutputShape = { task_id: z.string(), state };

/** resolve_component_close. */
export const resolveCloseOutputShape = { task_id: z.string(), closed: z.literal(true), state };

// Compile-time: the schemas and the resolver's types describe the same objects, both ways.
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Same<A, B> = Assignable<A, B> extends true ? Assignable<keyof A, keyof B> : false;
type AgentTaskView = Omit<ResolveTaskView, 'screen'>;
const sameTask: Same<z.infer<z.ZodObject<typeof resolveTaskOutputShape>>, AgentTaskView> = true;
const sameSelection: Same<z.infer<typeof selection>, ResolveSelection> = true;
void sameTask;
void sameSelection;

import { z } from 'zod';
import { handlerSpecSchema } from './handler-spec.js';
import { hookAgents } from './hook-agents.js';

const pattern = z.string({ error: 'must be a regular expression' }).refine(
  (source) => {
    try {
      new RegExp(source, 'm');
      return true;
    } catch {
      return false;
    }
  },
  { error: 'is not a valid regular expression' },
);

/**
 * An adapter written as data: how to launch a CLI and how to read it. Built-in ones live in
 * <id>/adapter.ts (and the orchestrator's builtin-adapters.ts); users add or override them in <data dir>/adapters.{yaml,yml,json} with the same shape.
 */
export const adapterConfigSchema = z.strictObject({
  description: z.string().optional(),
  /** The executable (looked up on PATH). Empty for the generic adapter: the task gives `command`. */
  command: z.string().default(''),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /**
   * The agent CLI whose own hooks gatehouse wires in for each run (permission requests and turn end go to the
   * task, not the screen). Only for the CLIs gatehouse knows the hook contract of.
   */
  hooks: z
    .string()
    .refine((id) => hookAgents.some((a) => a.id === id), { error: `must be one of: ${hookAgents.map((a) => a.id).join(', ')} (or left out)` })
    .optional(),
  autoPolicy: z
    .strictObject({
      /** Appended to the launch command only when the task has autoApprove. */
      injectArgs: z.array(z.string()).default([]),
      /** Tried in order when the program waits and the task has autoApprove. */
      handlers: z.array(handlerSpecSchema).default([]),
    })
    .default({ injectArgs: [], handlers: [] }),
  /**
   * Dialogs the CLI draws before it is ready (first run, folder trust, sign-in), known by their own words:
   * `question` — a pattern on the screen while the dialog is up; its group 1 (else the match) is the question a
   *   person is asked (the reader takes the line above the list, which may be a hint);
   * `outside` — its options (as shown, without their number) that leave the terminal (a browser or device
   *   sign-in): relayed with `note`, and a policy never picks one or presses Enter on one;
   * `secret` — the dialog is a field for a key (an API key): what is typed while it is up is masked in every
   *   screen gatehouse relays, stores or logs, and a person's text sent to it is recorded only as its length.
   */
  dialogs: z
    .array(
      z.strictObject({
        question: pattern,
        outside: z.array(z.strictObject({ option: z.string().min(1, { error: 'must not be empty' }), note: z.string().min(1, { error: 'must not be empty' }) })).default([]),
        secret: z.boolean().default(false),
      }),
    )
    .default([]),
  /**
   * Adapter-specific reading of the screen (regular expressions, multiline, case-insensitive):
   * `idle` — the program sits at its own input prompt (pendingInputs are sent, the task may be DONE), tested
   *   on the line the cursor is on;
   * `idleScreen` — the same, tested on the whole screen: for programs that leave the cursor below their input
   *   box (Qwen Code) — checked after `waiting` and `busy`;
   * `busy` — the program is still working even if it looks settled (e.g. "esc to interrupt");
   * `waiting` — the program asks the person something even if the generic detector has not fired;
   * `idleAfterState` — the program reports its own state (OSC 7501): its prompt on screen is idle only once it
   *   said `state=idle` (Codex draws its composer a moment before a first-run dialog; keys typed there land in it).
   */
  detect: z
    .strictObject({
      idle: z.array(pattern).default([]),
      idleScreen: z.array(pattern).default([]),
      busy: z.array(pattern).default([]),
      waiting: z.array(pattern).default([]),
      idleAfterState: z.boolean().default(false),
    })
    .default({ idle: [], idleScreen: [], busy: [], waiting: [], idleAfterState: false }),
});

export type AdapterConfig = z.infer<typeof adapterConfigSchema>;
export type AdapterConfigInput = z.input<typeof adapterConfigSchema>;

import { homedir } from 'node:os';
import { z } from 'zod';
import { handlerSpecSchema } from '../../agents/handler-spec.js';
import { parseRule, RuleError } from '../../policy/rule.js';

/** One rule of a task's policy, in the person's policy syntax (`Bash(npm test)`, `Edit(src/**)`, …). */
const policyRuleSchema = z.string({ error: 'must be a rule such as "Bash(npm test)"' }).superRefine((text, context) => {
  try {
    parseRule(text, homedir());
  } catch (err) {
    // A rule that cannot be read is named here; the bash parser not loaded yet (a Bash rule) is checked when the
    // task's layer is made, as a policy error.
    if (err instanceof RuleError) context.addIssue({ code: 'custom', message: err.message });
  }
});
const policyListSchema = z.array(policyRuleSchema, { error: 'must be a list of rules' }).optional();

/**
 * A workflow file (JSON or YAML): ordered stages, each with tasks that run in parallel.
 * Every validation error names the field (`stages[1].tasks[0].adapter: …`).
 */
export const taskDefinitionSchema = z.strictObject({
  /** Unique within the workflow; defaults to `<adapter>-<stage>-<index>`. */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: 'must be letters, digits, _ - (no spaces or dots)' }).optional(),
  /** An adapter id: built-in (command, bash, python, claude, codex, gemini, qwen, aider) or from adapters.yaml. */
  adapter: z.string({ error: 'must name an adapter (e.g. "command", "claude")' }).default('command'),
  /** For the generic adapter: the program to run. */
  command: z.string().min(1, { error: 'must not be empty' }).optional(),
  args: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).default([]),
  /** What this task is for; kept in the session and given to handlers. */
  goal: z.string().optional(),
  /** Sent one by one (each followed by Enter) whenever the program idles at its prompt. */
  pendingInputs: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).default([]),
  /** Do not end the process when the task is DONE (it stays attachable). */
  keepAlive: z.boolean({ error: 'must be true or false' }).default(false),
  /**
   * false: a non-interactive step (build, test): never asks a person or sends input; it is DONE when it
   * exits 0. (For raw-mode programs that go quiet while working and have no busy pattern.)
   */
  interactive: z.boolean({ error: 'must be true or false' }).default(true),
  /** Append the adapter's injectArgs and let its handlers answer prompts without a person. */
  autoApprove: z.boolean({ error: 'must be true or false' }).default(false),
  /**
   * The task's own rules for its agent's permission requests (hook), after the person's policy and in its rule
   * language: deny over ask over allow across both. autoApprove: true allows what no rule decides.
   */
  policy: z.strictObject({ allow: policyListSchema, ask: policyListSchema, deny: policyListSchema }, { error: 'must be {allow, ask, deny} lists of rules' }).optional(),
  /** Extra handlers tried before the adapter's (only with autoApprove). */
  handlers: z.array(handlerSpecSchema).default([]),
  /** Regular expressions for "idle at its prompt", added to the adapter's. */
  idle: z.array(z.string()).default([]),
  /** Regular expressions for "still working" (e.g. a spinner's "esc to interrupt"), added to the adapter's. */
  busy: z.array(z.string()).default([]),
  cwd: z.string().optional(),
  env: z.record(z.string(), z.string({ error: 'must be a string' })).default({}),
  cols: z.number().int().min(20).max(500).default(120),
  rows: z.number().int().min(5).max(200).default(32),
});

export const stageDefinitionSchema = z.strictObject({
  name: z.string().optional(),
  tasks: z.array(taskDefinitionSchema, { error: 'must be a list of tasks' }).min(1, { error: 'a stage needs at least one task' }),
});

export const workflowDefinitionSchema = z
  .strictObject({
    name: z.string().optional(),
    /** The workflow's goal (WorkflowSession goal). */
    goal: z.string().optional(),
    cwd: z.string().optional(),
    stages: z.array(stageDefinitionSchema, { error: 'must be a list of stages' }).min(1, { error: 'a workflow needs at least one stage' }),
  })
  .superRefine((workflow, context) => {
    const seen = new Set<string>();
    workflow.stages.forEach((stage, s) =>
      stage.tasks.forEach((task, t) => {
        if (task.adapter === 'command' && !task.command) {
          context.addIssue({ code: 'custom', path: ['stages', s, 'tasks', t, 'command'], message: 'the "command" adapter needs a command' });
        }
        if (!task.name) return;
        if (seen.has(task.name)) context.addIssue({ code: 'custom', path: ['stages', s, 'tasks', t, 'name'], message: `duplicate "${task.name}"` });
        seen.add(task.name);
      }),
    );
  });

export type TaskDefinition = z.infer<typeof taskDefinitionSchema>;
export type StageDefinition = z.infer<typeof stageDefinitionSchema>;
export type WorkflowDefinition = z.infer<typeof workflowDefinitionSchema>;
export type WorkflowInput = z.input<typeof workflowDefinitionSchema>;

/** The task's name, or its default. */
export function taskName(task: TaskDefinition, stage: number, index: number): string {
  return task.name ?? `${task.adapter === 'command' ? 'task' : task.adapter}-${stage + 1}-${index + 1}`;
}

// POST /api/tasks/:id/hooks/:agent/:event — what `gatehouse hook <agent> <event>` calls when it runs inside an
// orchestrated task (GATEHOUSE_TASK_ID set): a permission request becomes the task's own question (its policy
// first, else the person, like a screen prompt); a turn-end event tells the task its agent is idle; a notice event is recorded (an idle_prompt notice ends a turn too).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import { agentParam, permissionInput } from '../../agents/hook-request.js';
import { type Orchestrator, UnknownTaskError } from '../orchestrator.js';
import type { HookAnswer } from '../task/task-hook-questions.js';
import { TASK_HOOK_WAIT_SECONDS } from '../../agents/launch.js';

const bodySchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be the hook input object the CLI sent' }),
  wait_seconds: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }).optional(),
});

export function registerTaskHookRoutes(app: FastifyInstance, orchestrator: Orchestrator): void {
  app.post<{ Params: { id: string; agent: string; event: string } }>('/api/tasks/:id/hooks/:agent/:event', async (request, reply) => {
    const agent = agentParam(request.params.agent);
    const { event } = request.params;
    if (event !== agent.permissionEvent && event !== agent.turnEndEvent && event !== agent.noticeEvent && event !== agent.startEvent) {
      const known = [agent.permissionEvent, agent.turnEndEvent, agent.noticeEvent, agent.startEvent].filter(Boolean).join(', ');
      throw new RequestValidationError([{ field: 'event', message: `${agent.name} hook event "${event}" is not one gatehouse answers (${known})` }]);
    }
    const parsed = bodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    let runner;
    try {
      runner = orchestrator.liveRunner(request.params.id);
    } catch (error) {
      const code = error instanceof UnknownTaskError ? 404 : 409;
      return reply.code(code).send({ error: { code: code === 404 ? 'not_found' : 'conflict', message: (error as Error).message } });
    }
    if (event === agent.noticeEvent) {
      const { notification_type: type, message } = parsed.data.input;
      const kind = typeof type === 'string' && type ? ` ${type}` : '';
      const said = typeof message === 'string' && message ? `: ${JSON.stringify(message.slice(0, 200))}` : '';
      runner.noticed(`${agent.name} ${event} hook${kind}${said}`, type === 'idle_prompt');
      return { decision: 'ask', message: 'notice noted', decided_by: `${agent.name} ${event} hook` };
    }
    if (event === agent.startEvent) {
      runner.hooksRun(`${agent.name} ${event} hook`);
      return { decision: 'ask', message: 'start noted', decided_by: `${agent.name} ${event} hook` };
    }
    if (event !== agent.permissionEvent) {
      runner.turnEnded(`${agent.name} ${event} hook`);
      return { decision: 'ask', message: 'turn end noted', decided_by: `${agent.name} ${event} hook` };
    }
    const ask = permissionInput(agent, parsed.data.input);
    const waitSeconds = parsed.data.wait_seconds ?? TASK_HOOK_WAIT_SECONDS;
    // This hook's own wait, or its going away, ends only its own part: another hook waiting on the same call
    // (a hand-installed one and the task's) keeps the person's question.
    const leave = new AbortController();
    const timer = setTimeout(() => leave.abort(new Error(`nobody answered in gatehouse within ${Math.round(waitSeconds)} s`)), waitSeconds * 1000);
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) leave.abort(new Error('the hook stopped waiting'));
    });
    try {
      const answer: HookAnswer = await runner.hookQuestions.permission(agent, ask, leave.signal);
      return { decision: answer.decision, message: answer.message, decided_by: answer.decidedBy };
    } finally {
      clearTimeout(timer);
    }
  });
}

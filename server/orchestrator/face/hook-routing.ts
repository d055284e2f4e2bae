// POST /api/tasks/:id/hooks/:agent/:event — what `gatehouse hook <agent> <event>` calls when it runs inside an
// orchestrated task (GATEHOUSE_TASK_ID set): a permission request goes to the permission policy first — the
// person's policy, the project's, and the task's own rules (workflow `policy`) — which allows or denies with no
// question; else the task's autoApprove answers what no rule decided, else the person is asked through the hub's
// one permission gate (as by hand: the portal list, Telegram, history, session grants, always/never), shown as the
// task's question meanwhile; every request is recorded in the permission log; a turn-end event tells the task its
// agent is idle; a notice event is recorded (an idle_prompt notice ends a turn too). The hook before every call
// (PreToolUse) is answered the same way as the permission hook, once per call (issue 31).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import { agentParam, permissionInput } from '../../agents/hook-request.js';
import { type Orchestrator, UnknownTaskError } from '../orchestrator.js';
import type { HookAnswer, PersonQuestion } from '../task/task-hook-questions.js';
import { TASK_HOOK_WAIT_SECONDS } from '../../agents/launch.js';
import type { HubContext } from '../../hub/context.js';
import { askThePerson, policyDecidedBy } from '../../agents/permission-gate.js';
import { asCallDecision } from '../../agents/call-gate.js';
import { callKey, firstCallEvent } from '../../agents/call-memo.js';
import { permissionDesk } from '../../agents/permission-desk.js';
import type { AgentHooks, PermissionAsk } from '../../agents/agent-hooks.js';
import type { PermissionDecidedBy } from '../../../shared/choice/decided-by.js';
import { projectRoot, taskPolicyLayer, type PolicyDecision, type PolicyRequest } from '../../policy/index.js';
import type { TaskRunner } from '../task/task-runner.js';

const bodySchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: 'must be the hook input object the CLI sent' }),
  wait_seconds: z.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }).optional(),
});

type HookContext = Pick<HubContext, 'policy' | 'config' | 'log' | 'sessions'>;

export function registerTaskHookRoutes(app: FastifyInstance, orchestrator: Orchestrator, ctx: HookContext): void {
  app.post<{ Params: { id: string; agent: string; event: string } }>('/api/tasks/:id/hooks/:agent/:event', async (request, reply) => {
    const agent = agentParam(request.params.agent);
    const { event } = request.params;
    const callEvent = agent.callHook?.event ?? null;
    if (event !== agent.permissionEvent && event !== callEvent && event !== agent.turnEndEvent && event !== agent.noticeEvent && event !== agent.startEvent) {
      const known = [callEvent, agent.permissionEvent, agent.turnEndEvent, agent.noticeEvent, agent.startEvent].filter(Boolean).join(', ');
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
    if (event !== agent.permissionEvent && event !== callEvent) {
      runner.turnEnded(`${agent.name} ${event} hook`);
      return { decision: 'ask', message: 'turn end noted', decided_by: `${agent.name} ${event} hook` };
    }
    const ask = permissionInput(agent, parsed.data.input);
    const data = parsed.data;
    const live = runner;
    // One call, two hooks (the hook before every call and the permission hook): the earlier one decides (and is
    // recorded), the later one takes its decision — the person is asked once (call-memo.ts, as by hand).
    const desk = await permissionDesk(ctx, live.permissionScope.task);
    const memo = desk.calls!;
    const key = callKey(agent.id, parsed.data.input, ask);
    // The later of the two hooks takes the earlier one's answer; the first one (firstCallEvent) decides and keeps it.
    const earlierFirst = agent.callHook !== null && event !== firstCallEvent(agent);
    const earlier = earlierFirst ? memo.take(key) : null;
    const { by, ...answer } = earlier ? { decision: earlier.decision, message: earlier.message, decided_by: earlier.decided_by.text, by: earlier.decided_by } : await decideTaskCall();
    if (!earlier && agent.callHook && !earlierFirst) memo.put(key, { decision: answer.decision, message: answer.message, decided_by: by, session_id: null, status: 'decided' });
    return event === callEvent ? { ...answer, decision: asCallDecision(agent, answer.decision) } : answer;

    /** The task's answer to this call: its policy, else autoApprove, else the person; recorded once. */
    async function decideTaskCall(): Promise<{ decision: HookAnswer['decision']; message: string; decided_by: string; by: PermissionDecidedBy }> {
      const waitSeconds = data.wait_seconds ?? TASK_HOOK_WAIT_SECONDS;
      const started = Date.now();
      const scope = live.permissionScope;
      const asked: PolicyRequest = { agent: agent.id, tool: ask.tool, input: data.input.tool_input ?? {}, cwd: ask.cwd ?? scope.cwd };
      const decided = await decideForTask(ctx, asked, scope);
      const signal = `${agent.name} ${event} hook`;
      const deps = desk;
      const record = (answer: { decision: HookAnswer['decision']; decided_by: PermissionDecidedBy; gate: string | null }) => {
        const session = typeof data.input.session_id === 'string' && data.input.session_id ? data.input.session_id : null;
        deps.log
          ?.append({ time: new Date(started).toISOString(), agent: agent.id, agent_session: session, project: projectRoot(asked.cwd), cwd: asked.cwd, tool: ask.tool, detail: ask.detail, input: asked.input, decision: answer.decision, decided_by: answer.decided_by, risk: decided.risk, gate: answer.gate, ms: Date.now() - started, task: scope.task, event })
          .catch((err: unknown) => ctx.log.warn({ err, file: deps.log?.file }, 'could not record the permission request'));
      };
      if (decided.decision !== 'ask') {
        const by = policyDecidedBy(decided.decidedBy);
        live.hookQuestions.decidedByPolicy(`${signal}: ${decided.decision === 'allow' ? 'allowed' : 'denied'} by ${by.text}`);
        const answer = decided.decision === 'allow'
          ? { decision: 'allow' as const, message: `Allowed by gatehouse: ${by.text}.`, decided_by: by.text }
          : { decision: 'deny' as const, message: `gatehouse's permission policy denies this: ${by.text}. Do not run it; ask the person what to do instead.`, decided_by: by.text };
        record({ decision: answer.decision, decided_by: by, gate: null });
        return { ...answer, by };
      }
      // The policy asks the person because of a rule, a protected path or a policy error: autoApprove does not answer.
      // A grade left to the CLI (`cli`) is the task's to answer too: inside a task the hook is the CLI's only gate.
      const personOnly = !['default', 'risk', 'agent-settings'].includes(decided.decidedBy.kind) ? policyDecidedBy(decided.decidedBy).text : undefined;
      const agentSession = typeof data.input.session_id === 'string' && data.input.session_id ? data.input.session_id : null;
      const workflow = orchestrator.findTask(request.params.id)?.session.name ?? 'workflow';
      const person: PersonQuestion = {
        ask: async (shown, withdraw) => {
          const gate = await askThePerson(deps, agent, asked, agentSession, ask, waitSeconds, decided, { onGate: shown, withdraw, task: { workflow, task: live.state.name } });
          return { decision: gate.decision, message: gate.message, decidedBy: `${signal}: ${gate.decided_by.text}`, by: { kind: 'gate', gate: gate.session_id, decidedBy: gate.decided_by } };
        },
        answer: async (gate, option) => {
          await ctx.sessions.submit(gate, { selected_ids: [option], interface: 'web' });
        },
      };
      // This hook's own wait, or its going away, ends only its own part: another hook waiting on the same call
      // (a hand-installed one and the task's) keeps the person's question.
      const leave = new AbortController();
      const timer = setTimeout(() => leave.abort(new Error(`nobody answered in gatehouse within ${Math.round(waitSeconds)} s`)), waitSeconds * 1000);
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) leave.abort(new Error('the hook stopped waiting'));
      });
      try {
        const answer: HookAnswer = await live.hookQuestions.permission(agent, ask, person, leave.signal, { event, ...(personOnly ? { personOnly } : {}) });
        const by = answerDecidedBy(answer, scope.task);
        record({ decision: answer.decision, decided_by: by, gate: answer.by?.kind === 'gate' ? answer.by.gate : null });
        return { decision: answer.decision, message: answer.message, decided_by: answer.decidedBy, by };
      } finally {
        clearTimeout(timer);
      }
    }
  });
}

/** The person's policy, the project's and the task's own rules; a task layer that cannot be made is a policy error. */
async function decideForTask(ctx: Pick<HubContext, 'policy'>, request: PolicyRequest, scope: TaskRunner['permissionScope']): Promise<PolicyDecision> {
  try {
    const engine = await ctx.policy();
    const layers = scope.rules ? [taskPolicyLayer(scope.task, scope.rules)] : [];
    return engine.decide(request, layers);
  } catch (err) {
    const message = (err as Error).message;
    return { decision: 'ask', decidedBy: { kind: 'policy-error', error: { file: `task ${scope.task} policy`, line: 0, column: 0, message } }, kind: 'other', risk: { grade: 'high', reasons: [`the task's policy failed: ${message}`] } };
  }
}

function answerDecidedBy(answer: HookAnswer, task: string): PermissionDecidedBy {
  if (answer.by?.kind === 'gate') return answer.by.decidedBy;
  if (answer.by?.kind === 'autoApprove') return { kind: 'rule', text: `task ${task} autoApprove (${answer.by.label})`, rule: 'autoApprove', list: answer.decision === 'deny' ? 'deny' : 'allow', file: `task ${task}` };
  return { kind: 'timeout', text: answer.decidedBy };
}

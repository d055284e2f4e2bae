import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import { AdapterConfigError } from '../adapters/adapter-registry.js';
import { Orchestrator, UnknownTaskError } from '../orchestrator.js';
import { taskView } from './task-views.js';
import { keyNameSchema } from '../../agents/handler-spec.js';

const runBody = z.strictObject({
  /** The workflow definition (as in a workflow file). */
  workflow: z.unknown(),
  /** The file it came from (for the record and relative `cwd`). */
  source: z.string().optional(),
  /** Directory tasks run in (default: the hub's). */
  cwd: z.string().optional(),
});
const inputBody = z
  .strictObject({
    /** Raw bytes, written as is. */
    data: z.string().optional(),
    /** Text typed verbatim, then Enter unless submit is false. */
    text: z.string().optional(),
    submit: z.boolean().optional(),
    /** Named keys (the one vocabulary of server/pty/keys.ts; `esc` accepted for escape). */
    keys: z.array(keyNameSchema).optional(),
  })
  .refine((b) => [b.data, b.text, b.keys].filter((v) => v !== undefined).length === 1, { error: 'give exactly one of data, text, keys' });
const chooseBody = z
  .strictObject({ index: z.number().int().min(0).optional(), option: z.string().min(1).optional() })
  .refine((b) => (b.index === undefined) !== (b.option === undefined), { error: 'give exactly one of index, option' });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new RequestValidationError(problemsFromZod(result.error));
  return result.data;
}

function fail(reply: FastifyReply, error: unknown) {
  if (error instanceof RequestValidationError) throw error;
  const message = (error as Error).message;
  if (error instanceof UnknownTaskError) return reply.code(404).send({ error: { code: 'not_found', message } });
  if (error instanceof AdapterConfigError) return reply.code(400).send({ error: { code: 'invalid_adapters', message } });
  return reply.code(409).send({ error: { code: 'conflict', message } });
}

/** HTTP routes of the orchestrator (documented in docs/orchestrator.md). */
export function registerTaskRoutes(app: FastifyInstance, orchestrator: Orchestrator): void {
  app.post('/api/workflows', async (request, reply) => {
    const body = parse(runBody, request.body);
    try {
      const session = orchestrator.start(body.workflow as never, { source: body.source ?? null, cwd: body.cwd });
      return reply.code(201).send({ session });
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.get('/api/workflows', async () => ({ sessions: orchestrator.listSessions() }));

  app.get<{ Params: { id: string } }>('/api/workflows/:id', async (request, reply) => {
    const session = orchestrator.sessions.get(request.params.id);
    return session ? { session } : reply.code(404).send({ error: { code: 'not_found', message: `no workflow session "${request.params.id}"` } });
  });

  /** Blocks until the session's checkpoint changes after `since` (its updatedAt), it ends, or N seconds pass. */
  app.get<{ Params: { id: string }; Querystring: { since?: string; seconds?: string } }>('/api/workflows/:id/wait', async (request, reply) => {
    const id = request.params.id;
    const seconds = Math.min(50, Math.max(0, Number(request.query.seconds ?? 25) || 0));
    const changed = () => {
      const s = orchestrator.sessions.get(id);
      return !s || s.updatedAt !== request.query.since || s.status === 'DONE' || s.status === 'FAILED' ? s : null;
    };
    const found = orchestrator.sessions.get(id);
    if (!found) return reply.code(404).send({ error: { code: 'not_found', message: `no workflow session "${id}"` } });
    const now = changed();
    if (now) return { session: now };
    const session = await new Promise((resolve) => {
      const timer = setTimeout(() => done(found), seconds * 1000);
      const listener = () => {
        const s = changed();
        if (s) done(s);
      };
      const done = (value: unknown) => {
        clearTimeout(timer);
        orchestrator.off('task', listener);
        orchestrator.off('session', listener);
        resolve(value);
      };
      orchestrator.on('task', listener);
      orchestrator.on('session', listener);
      request.raw.on('close', () => done(null));
    });
    return { session };
  });

  app.post<{ Params: { id: string } }>('/api/workflows/:id/resume', async (request, reply) => {
    try {
      return { session: orchestrator.resume(request.params.id) };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.get('/api/tasks', async () => ({
    tasks: orchestrator.listSessions().flatMap((session) => session.tasks.map((task) => taskView(task, session))),
  }));

  app.get<{ Params: { id: string } }>('/api/tasks/:id', async (request, reply) => {
    const found = orchestrator.findTask(request.params.id);
    if (!found) return reply.code(404).send({ error: { code: 'not_found', message: `no task "${request.params.id}"` } });
    const terminal = found.runner?.terminal;
    return { task: taskView(found.task, found.session), screen: terminal && !terminal.exited ? terminal.screenText() : null };
  });

  app.post<{ Params: { id: string } }>('/api/tasks/:id/input', async (request, reply) => {
    const body = parse(inputBody, request.body);
    try {
      const runner = orchestrator.liveRunner(request.params.id);
      if (body.data !== undefined) runner.write(body.data);
      else if (body.text !== undefined) await runner.typeText(body.text, body.submit ?? true);
      else await runner.pressKeys(body.keys!);
      return { task: runner.state };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: { id: string } }>('/api/tasks/:id/choose', async (request, reply) => {
    const body = parse(chooseBody, request.body);
    try {
      const runner = orchestrator.liveRunner(request.params.id);
      const options = runner.state.interaction?.options ?? [];
      const index = body.index ?? options.find((o) => o.text.toLowerCase().includes(body.option!.toLowerCase()))?.index;
      if (index === undefined) throw new RequestValidationError([{ field: 'option', message: `matches none of: ${options.map((o) => JSON.stringify(o.text)).join(', ') || '(no options on screen)'}` }]);
      await runner.choose(index);
      return { task: runner.state };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: { id: string } }>('/api/tasks/:id/stop', async (request, reply) => {
    try {
      await orchestrator.stopTask(request.params.id);
      return { task: orchestrator.findTask(request.params.id)?.task ?? null };
    } catch (error) {
      return fail(reply, error);
    }
  });
}

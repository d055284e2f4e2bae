import type { HubPlugin } from '../context.js';
import { packageVersion } from '../../package-info.js';
import { agentOf } from '../agent-key-guard.js';

const startedAt = new Date().toISOString();

export const healthRoute: HubPlugin = (app, ctx) => {
  app.get('/api/health', { config: { agent: 'open' } }, async (request) => {
    // A paired machine learns that the hub answers and whose key it holds; nothing of the person's hub beyond that.
    const holder = agentOf(request);
    if (holder) return { ok: true, name: 'gatehouse', version: packageVersion, agent_key: holder.name };
    const problems = await ctx.store.health.problems();
    const policy = (await ctx.policy()).status();
    return {
      ok: true,
      /** degraded: the hub answers but cannot save (see problems: the path, what the system said, the fix). */
      status: problems.length ? 'degraded' : 'ok',
      problems,
      name: 'gatehouse',
      version: packageVersion,
      pid: process.pid,
      started_at: startedAt,
      base_url: ctx.baseUrl(),
      pending_sessions: ctx.sessions.pendingCount(),
      clients: ctx.events.clientCount,
      busy: ctx.activity.reasons,
      /** Records the store could not load at start, and where they were set aside (empty when all loaded). */
      /**
       * The permission policy: its file, rule count and on_timeout; `errors` (file:line:column: what was expected):
       * entries left out while every other rule holds — or, with `broken`, why the file does not parse at all: then
       * only the deny rules of `last_valid` (the kept last valid version) hold and every other request asks.
       */
      policy: {
        file: policy.file,
        exists: policy.exists,
        rules: policy.rules,
        on_timeout: policy.onTimeout,
        errors: policy.errors.map(placed),
        warnings: policy.warnings.map(placed),
        broken: policy.broken,
        last_valid: policy.lastValid ? { file: policy.lastValid.file, saved_at: policy.lastValid.savedAt } : null,
      },
      warnings: ctx.store.setAside.map((note) => `${note.problem} (from ${note.from}; kept in ${note.kept})`),
    };
  });
};

function placed(e: { file: string; line: number; column: number; message: string }): string {
  return `${e.file}:${e.line}:${e.column}: ${e.message}`;
}

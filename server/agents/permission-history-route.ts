// GET /api/permissions — the record of every permission request (<data dir>/permissions.jsonl) for the portal's
// history: newest first, paged, filtered by who decided (a rule, the person, a session grant, a timeout, a protected
// path, a policy error), by decision, agent, project and age, searchable. A request a rule decided made no gate:
// this is where history shows it. `gatehouse policy log` prints the same records.
import { z } from 'zod';
import { problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';
import { DECIDED_BY_KINDS } from '../../shared/choice/decided-by.js';
import type { HubPlugin } from '../hub/context.js';
import { parseDuration, readPermissionLog } from '../policy/permission-log.js';

const query = z.strictObject({
  decided_by: z.enum(DECIDED_BY_KINDS, { error: `must be one of ${DECIDED_BY_KINDS.join(', ')}` }).optional(),
  decision: z.enum(['allow', 'deny', 'ask'], { error: 'must be allow, deny or ask' }).optional(),
  agent: z.string().max(50).optional(),
  project: z.string().max(4096).optional(),
  q: z.string().max(500).optional(),
  since: z.string().max(20).optional(),
  page: z.coerce.number({ error: 'must be a page number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 or more' }).default(1),
  page_size: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 or more' }).max(100, { error: 'must be at most 100' }).default(20),
});

export const permissionHistoryRoute: HubPlugin = (app, ctx) => {
  app.get('/api/permissions', async (request) => {
    const parsed = query.safeParse(request.query ?? {});
    if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
    const { decided_by, decision, agent, project, q, since, page, page_size } = parsed.data;
    let after: number | undefined;
    if (since !== undefined) {
      try {
        after = Date.now() - parseDuration(since, 'since');
      } catch (err) {
        throw new RequestValidationError([{ field: 'since', message: (err as Error).message.replace(/^since: /, '') }]);
      }
    }
    const { records, skipped } = await readPermissionLog(ctx.config.paths.permissionLog, after);
    const needle = q?.trim().toLocaleLowerCase();
    const matches = records
      .filter((r) => !decided_by || r.decided_by?.kind === decided_by)
      .filter((r) => !decision || r.decision === decision)
      .filter((r) => !agent || r.agent === agent)
      .filter((r) => !project || r.project === project)
      .filter((r) => !needle || [r.tool, r.detail, r.decided_by?.text ?? '', r.project, r.task ?? ''].some((text) => text.toLocaleLowerCase().includes(needle)))
      .reverse();
    // Counts by who decided over everything else the filters select, so the picker can say how many each has.
    const byDecidedBy: Record<string, number> = {};
    for (const r of records) if ((!decision || r.decision === decision) && (!agent || r.agent === agent) && (!project || r.project === project)) byDecidedBy[r.decided_by?.kind ?? 'unknown'] = (byDecidedBy[r.decided_by?.kind ?? 'unknown'] ?? 0) + 1;
    return {
      items: matches.slice((page - 1) * page_size, page * page_size),
      total: matches.length,
      page,
      page_size,
      by_decided_by: byDecidedBy,
      agents: distinct(records.map((r) => r.agent)),
      projects: distinct(records.map((r) => r.project)),
      skipped,
    };
  });
};

function distinct(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))].sort();
}

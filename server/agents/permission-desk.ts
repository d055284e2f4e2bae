// The one permission path of a hub: what both hook routes — by hand (/api/hooks/:agent/permission) and inside a
// `gatehouse run` task (/api/tasks/:id/hooks/…) — decide with. One set of session grants ("for the rest of this
// session" holds whichever route the next request of that agent session takes) and one permission log.
import type { HubContext } from '../hub/context.js';
import { permissionLogAt } from '../policy/permission-log.js';
import type { PermissionDeps } from './permission-gate.js';
import { SessionGrants } from './session-grants.js';

type DeskContext = Pick<HubContext, 'sessions' | 'policy' | 'config' | 'log'>;

const grantsByHub = new WeakMap<DeskContext['sessions'], SessionGrants>();

/** The hub's permission dependencies, its policy engine made (null when it cannot be: every request asks). */
export async function permissionDesk(ctx: DeskContext, task?: string): Promise<PermissionDeps> {
  let grants = grantsByHub.get(ctx.sessions);
  if (!grants) grantsByHub.set(ctx.sessions, (grants = new SessionGrants()));
  const policy = await ctx.policy().catch(() => null);
  return {
    sessions: ctx.sessions,
    policy,
    grants,
    log: permissionLogAt(ctx.config.paths.permissionLog),
    warn: (fields, message) => ctx.log.warn(fields, message),
    ...(task ? { task } : {}),
  };
}

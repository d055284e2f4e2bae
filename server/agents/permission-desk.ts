// The one permission path of a hub: what both hook routes — by hand (/api/hooks/:agent/permission) and inside a
// `gatehouse run` task (/api/tasks/:id/hooks/…) — decide with. One set of session grants ("for the rest of this
// session" holds whichever route the next request of that agent session takes), one permission log, and one memo
// of a call's earlier hook for its later one (PreToolUse and PermissionRequest of the same call).
import type { HubContext } from '../hub/context.js';
import { permissionLogAt } from '../policy/permission-log.js';
import type { PermissionDeps } from './permission-gate.js';
import { SessionGrants } from './session-grants.js';
import { CallMemo } from './call-memo.js';

type DeskContext = Pick<HubContext, 'sessions' | 'policy' | 'config' | 'log'>;

const grantsByHub = new WeakMap<DeskContext['sessions'], SessionGrants>();
const callsByHub = new WeakMap<DeskContext['sessions'], CallMemo>();

/** The hub's permission dependencies, its policy engine made (null when it cannot be: every request asks). */
export async function permissionDesk(ctx: DeskContext, task?: string): Promise<PermissionDeps> {
  let grants = grantsByHub.get(ctx.sessions);
  if (!grants) grantsByHub.set(ctx.sessions, (grants = new SessionGrants()));
  let calls = callsByHub.get(ctx.sessions);
  if (!calls) callsByHub.set(ctx.sessions, (calls = new CallMemo()));
  const policy = await ctx.policy().catch(() => null);
  return {
    sessions: ctx.sessions,
    policy,
    grants,
    calls,
    log: permissionLogAt(ctx.config.paths.permissionLog),
    warn: (fields, message) => ctx.log.warn(fields, message),
    ...(task ? { task } : {}),
  };
}

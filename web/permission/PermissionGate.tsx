import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { PermissionForm } from './PermissionForm.js';
import { PermissionView } from './PermissionView.js';

/**
 * A permission gate (an agent's hook, issue 22): what it would do, then one button per answer while it is pending.
 * One chunk, drawn at once: the answers never come before what they approve.
 */
export function PermissionGate({ session }: { session: ChoiceSessionView }) {
  return (
    <div class="perm-gate">
      {session.permission_view && <PermissionView view={session.permission_view} />}
      {session.status === 'pending' && !session.request.questions && <PermissionForm session={session} />}
    </div>
  );
}

// Codex (tested with 0.169.0): $CODEX_HOME/hooks.json (default ~/.codex) `hooks.PermissionRequest` runs a
// command in the approval path, before Codex shows its own approval dialog (tool_name "Bash"; tool_input.
// description is the model's justification). Codex runs a new or changed hook only once the person trusted it
// ("Hooks need review" on its next start; the trust is a hash in config.toml), or for one run with
// --dangerously-bypass-hook-trust.
import { join } from 'node:path';
import type { AgentHooks } from '../agent-hooks.js';
import { parsePermissionRequest, permissionRequestReply } from '../permission-request-hook.js';
import { preToolUseHook } from '../pre-tool-use-hook.js';

export const codexHooks: AgentHooks = {
  id: 'codex',
  name: 'Codex',
  permissionEvent: 'PermissionRequest',
  turnEndEvent: 'Stop',
  permissionMatcher: '*',
  callHook: preToolUseHook(['deny'], 'before-permission'),
  timeoutUnit: 'seconds',
  parsePermission: parsePermissionRequest,
  reply: permissionRequestReply,
  settings: {
    path: (env, home) => join(env.CODEX_HOME ?? join(home, '.codex'), 'hooks.json'),
    afterInstall:
      'Codex runs a new hook only after you trust it: on its next start it shows "Hooks need review" once; review and trust the gatehouse hook there.',
  },
  systemDefaults: null,
};

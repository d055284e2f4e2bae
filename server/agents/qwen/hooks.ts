// Qwen Code (tested with 0.15.10): settings `hooks.PermissionRequest` follows Claude Code's contract — it runs
// when Qwen Code would show its own permission dialog, and `decision.behavior` allow (once) / deny (with the
// message the model gets) settles it; no output leaves it to the dialog. `Stop` fires at a turn's end. Hook
// timeouts are in milliseconds. Per run: QWEN_CODE_SYSTEM_DEFAULTS_PATH names a settings file of lowest
// precedence whose hook lists are added to the person's.
import { dirname, join } from 'node:path';
import type { AgentHooks } from '../agent-hooks.js';
import { parsePermissionRequest, permissionRequestReply } from '../permission-request-hook.js';
import { preToolUseHook } from '../pre-tool-use-hook.js';

const systemSettingsPath = (env: Record<string, string | undefined>) => env.QWEN_CODE_SYSTEM_SETTINGS_PATH ?? '/etc/qwen-code/settings.json';

export const qwenHooks: AgentHooks = {
  id: 'qwen',
  name: 'Qwen Code',
  permissionEvent: 'PermissionRequest',
  turnEndEvent: 'Stop',
  permissionMatcher: '*',
  callHook: preToolUseHook(['deny'], 'after-permission'),
  timeoutUnit: 'milliseconds',
  parsePermission: parsePermissionRequest,
  reply: permissionRequestReply,
  settings: {
    path: (env, home) => join(env.QWEN_HOME ?? join(home, '.qwen'), 'settings.json'),
    afterInstall: null,
  },
  systemDefaults: {
    envVar: 'QWEN_CODE_SYSTEM_DEFAULTS_PATH',
    path: (env) => env.QWEN_CODE_SYSTEM_DEFAULTS_PATH ?? join(dirname(systemSettingsPath(env)), 'system-defaults.json'),
  },
};

// Claude Code (tested with 2.1.197): settings `hooks.PermissionRequest` runs a command when Claude Code would
// show its own permission dialog; the dialog is drawn meanwhile and settled by the hook's answer.
import { join } from 'node:path';
import type { AgentHooks } from '../agent-hooks.js';
import { parsePermissionRequest, permissionRequestReply } from '../permission-request-hook.js';
import { preToolUseHook } from '../pre-tool-use-hook.js';

export const claudeHooks: AgentHooks = {
  id: 'claude',
  name: 'Claude Code',
  permissionEvent: 'PermissionRequest',
  turnEndEvent: 'Stop',
  noticeEvent: 'Notification',
  permissionMatcher: '*',
  callHook: preToolUseHook(['allow', 'deny', 'ask'], 'before-permission'),
  timeoutUnit: 'seconds',
  parsePermission: parsePermissionRequest,
  reply: permissionRequestReply,
  settings: {
    path: (env, home) => join(env.CLAUDE_CONFIG_DIR ?? join(home, '.claude'), 'settings.json'),
    afterInstall: null,
  },
  systemDefaults: null,
};

// One agent CLI as gatehouse knows it: everything about it lives in its folder, server/agents/<id>/, and the
// list of them is registry.ts.
import type { AdapterConfigInput } from './adapter-schema.js';
import type { AgentHooks } from './agent-hooks.js';
import type { HookedLaunch, LaunchContext } from './task-hook-files.js';

export interface AgentCli {
  id: string;
  /** How the orchestrator launches the CLI and reads its screen: idle/busy prompts, known dialogs (<id>/adapter.ts). */
  adapter: AdapterConfigInput;
  /** Its hook contract (<id>/hooks.ts); absent: a screen-only CLI. */
  hooks?: AgentHooks;
  /** Its per-run hook wiring, with the settings guard it runs first (<id>/launch.ts). */
  launch?: (context: LaunchContext) => HookedLaunch;
}

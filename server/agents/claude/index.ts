import type { AgentCli } from '../agent-cli.js';
import { claudeAdapter } from './adapter.js';
import { claudeHooks } from './hooks.js';
import { claudeLaunch } from './launch.js';

export const claude: AgentCli = { id: 'claude', adapter: claudeAdapter, hooks: claudeHooks, launch: claudeLaunch };

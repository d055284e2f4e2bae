import type { AgentCli } from '../agent-cli.js';
import { qwenAdapter } from './adapter.js';
import { qwenHooks } from './hooks.js';
import { qwenLaunch } from './launch.js';

export const qwen: AgentCli = { id: 'qwen', adapter: qwenAdapter, hooks: qwenHooks, launch: qwenLaunch };

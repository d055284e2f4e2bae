import type { AgentCli } from '../agent-cli.js';
import { codexAdapter } from './adapter.js';
import { codexHooks } from './hooks.js';
import { codexLaunch } from './launch.js';

export const codex: AgentCli = { id: 'codex', adapter: codexAdapter, hooks: codexHooks, launch: codexLaunch };

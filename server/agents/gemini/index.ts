import type { AgentCli } from '../agent-cli.js';
import { geminiAdapter } from './adapter.js';
import { geminiHooks } from './hooks.js';
import { geminiLaunch } from './launch.js';

export const gemini: AgentCli = { id: 'gemini', adapter: geminiAdapter, hooks: geminiHooks, launch: geminiLaunch };

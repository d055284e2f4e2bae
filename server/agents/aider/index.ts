import type { AgentCli } from '../agent-cli.js';
import { aiderAdapter } from './adapter.js';

/** Screen only: no hook contract (untested, written from Aider's documentation). */
export const aider: AgentCli = { id: 'aider', adapter: aiderAdapter };

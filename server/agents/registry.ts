// The agent CLIs gatehouse knows, one folder each beside this file. Adding a CLI: its folder and one line here.
import type { AgentCli } from './agent-cli.js';
import { aider } from './aider/index.js';
import { claude } from './claude/index.js';
import { codex } from './codex/index.js';
import { gemini } from './gemini/index.js';
import { qwen } from './qwen/index.js';

export const agentClis: readonly AgentCli[] = [claude, codex, gemini, qwen, aider];

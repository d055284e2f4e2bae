import type { McpToolModule } from './tool-module.js';
import { provideChoiceTool } from './tools/provide-choice.js';
import { resolveComponentTools } from './tools/resolve-component.js';

/** Every group of MCP tools the `gatehouse mcp` server exposes. One line each. */
export const toolModules: McpToolModule[] = [
  provideChoiceTool,
  resolveComponentTools,
];

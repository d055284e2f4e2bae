// `gatehouse mcp` without the rest of the CLI: every agent starts one of these, so it loads only the MCP server's
// modules (bin/gatehouse.js picks this entry for a bare `gatehouse mcp`; rolldown.config.mjs bundles it as CommonJS,
// which has no top-level await: the process lives on while stdin is open).
import { fileURLToPath } from 'node:url';
import { mcpCommand } from '../commands/mcp-command.js';
import { codeCacheChunks } from './code-cached-bundle.js';
import { runEntry } from './run-entry.js';

// The bundle's chunks (dist/cli/mcp-chunks/, loaded on the first tool call) run through V8 code caches: compiling
// the MCP SDK, zod and the tools was most of the first question's time in this process.
codeCacheChunks(fileURLToPath(new URL('./mcp-chunks/', import.meta.url)));
void runEntry(mcpCommand, { values: {}, positionals: [] });

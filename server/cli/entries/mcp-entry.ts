// `gatehouse mcp` without the rest of the CLI: every agent starts one of these, so it loads only the MCP server's
// modules (bin/gatehouse.js picks this entry for a bare `gatehouse mcp`; rolldown.config.mjs bundles it as CommonJS,
// which has no top-level await: the process lives on while stdin is open).
import { mcpCommand } from '../commands/mcp-command.js';
import { runEntry } from './run-entry.js';

void runEntry(mcpCommand, { values: {}, positionals: [] });

import { dataDir, dataPaths } from '../../config/data-paths.js';
import { deferredLogger } from '../../logging/deferred-logger.js';
import type { CliCommand } from '../command.js';

export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'run the MCP server on stdio (what Claude Code, Cursor, VS Code, Codex start)',
  help: `Usage: gatehouse mcp

Serves the gatehouse MCP tools (provide_choice, resolve_component_*) over stdio. The shared hub is found or
started as this process starts and outlives it while interactions are active. It ends when its client closes
stdin (or sends SIGINT, SIGTERM or SIGHUP), telling the hub first: the pending choices it was asking for then show
that their agent is gone. Logs go to the log file in the data directory and to stderr — never stdout.`,
  async run() {
    // pino loads with the first line logged: an idle MCP process (one per agent) may never log.
    const log = deferredLogger(async () => (await import('../../logging/logger.js')).createLogger({ file: dataPaths(dataDir()).log, name: 'mcp' }));
    const { runMcpServer } = await import('../../mcp/mcp-server.js');
    await runMcpServer(log);
    return 0;
  },
};

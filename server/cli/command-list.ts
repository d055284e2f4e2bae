import type { CliCommand } from './command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { hubCommand } from './commands/hub-command.js';
import { demoCommand } from './commands/demo-command.js';
import { openCommand } from './commands/open-command.js';
import { runCommand } from './commands/run.js';
import { tasksCommand } from './commands/tasks.js';
import { attachCommand } from './commands/attach.js';

/** Every `gatehouse` subcommand, in the order `--help` lists them. One line each. */
export const commands: CliCommand[] = [
  mcpCommand,
  hubCommand,
  demoCommand,
  openCommand,
  runCommand,
  tasksCommand,
  attachCommand,
];

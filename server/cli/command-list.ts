import type { CliCommand } from './command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { hubCommand } from './commands/hub-command.js';
import { demoCommand } from './commands/demo-command.js';
import { openCommand } from './commands/open-command.js';
import { chooseCommand } from './commands/choose.js';
import { watchCommand } from './commands/watch.js';
import { askCommand } from './commands/ask.js';
import { answerCommand } from './commands/answer.js';
import { runCommand } from './commands/run.js';
import { tasksCommand } from './commands/tasks.js';
import { attachCommand } from './commands/attach.js';
import { statusCommand } from './commands/status-command.js';
import { stopCommand } from './commands/stop-command.js';
import { hookCommand } from './commands/hook.js';
import { hooksCommand } from './commands/hooks.js';
import { policyCommand } from './commands/policy.js';
import { pairCommand } from './commands/pair.js';
import { keysCommand } from './commands/keys.js';
import { connectCommand } from './commands/connect.js';

/** Every `gatehouse` subcommand, in the order `--help` lists them. One line each. */
export const commands: CliCommand[] = [
  mcpCommand,
  hubCommand,
  statusCommand,
  stopCommand,
  demoCommand,
  openCommand,
  chooseCommand,
  watchCommand,
  askCommand,
  answerCommand,
  runCommand,
  tasksCommand,
  attachCommand,
  hookCommand,
  hooksCommand,
  policyCommand,
  pairCommand,
  keysCommand,
  connectCommand,
];

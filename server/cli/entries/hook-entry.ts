// `gatehouse hook <agent> <event>` without the rest of the CLI: an agent CLI runs it on every permission request
// and waits for it, so its start-up loads only the hook's modules. rolldown.config.mjs bundles it into one file
// (dist/cli/gatehouse-hook.cjs), which the hook command line runs directly: `node gatehouse-hook.cjs <agent> <event>`;
// bin/gatehouse.js picks it for `gatehouse hook …` without --help.
import { hookCommand } from '../commands/hook.js';
import { parseArguments } from '../parse-arguments.js';
import { runEntry } from './run-entry.js';

// Through the launcher the arguments start with the command's name `hook` (no agent has that name).
const given = process.argv.slice(2);
if (given[0] === 'hook') given.shift();
let args;
try {
  args = parseArguments(given, hookCommand.options ?? {}, true);
} catch (err) {
  // Exit 1 is a non-blocking hook error for the CLIs: their own dialog still asks the person.
  process.stderr.write(`gatehouse hook: ${(err as Error).message}\n`);
  process.exit(1);
}
// No top-level await: the bundle is CommonJS, which node starts a few ms faster than an ES module.
void runEntry(hookCommand, args);

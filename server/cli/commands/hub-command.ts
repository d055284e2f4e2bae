import { hubConfigFromEnv } from '../../config/hub-config.js';
import { createLogger, type Logger } from '../../logging/logger.js';
import { writeHubStartError } from '../../discovery/hub-start-error.js';
import { startFailureText } from '../../config/data-path-error.js';
import type { CliCommand } from '../command.js';

export const hubCommand: CliCommand = {
  name: 'hub',
  summary: 'run the hub in the foreground (normally it starts by itself when needed)',
  help: `Usage: gatehouse hub [--background]

Runs the shared gatehouse hub for this user's data directory in the foreground and prints its portal URL.
Exits after GATEHOUSE_IDLE_SECONDS (default 900) with nothing pending, running or connected, or on Ctrl-C.
Only one hub runs per data directory: if one is already running this says so and exits 3.

Options:
  --background   log only to the log file (used when a client starts the hub detached)`,
  options: { background: { type: 'boolean' } },
  async run(args, io) {
    const config = hubConfigFromEnv();
    const background = args.values.background === true;
    let log: Logger;
    try {
      log = createLogger({ file: config.paths.log, name: 'hub', stderr: !background });
    } catch (err) {
      const message = `gatehouse hub could not start: ${startFailureText(err)} (data directory ${config.paths.dir})`;
      writeHubStartError(config.paths.startError, message);
      io.stderr.write(`${message}\n`);
      return 1;
    }
    // Whatever goes wrong later is in the log, not lost with a detached hub's stderr.
    process.on('uncaughtException', (err) => {
      log.fatal({ err }, 'hub crashed: uncaught exception');
      log.flush();
      process.exit(1);
    });
    // Loaded on demand so other commands do not pay for the hub's modules.
    const [{ HubAlreadyRunningError }, { runHub }] = await Promise.all([import('../../hub/run-hub.js'), import('../../app.js')]);
    const { portalUrl } = await import('../../hub/handoff.js');
    let hub;
    try {
      hub = await runHub(config, log);
    } catch (err) {
      if (err instanceof HubAlreadyRunningError) {
        io.stderr.write(`gatehouse hub: ${err.message}\n`);
        return 3;
      }
      // Every start failure goes to the log and to whoever started this hub (the agent's error), with the path and fix.
      const message = `gatehouse hub could not start: ${startFailureText(err)}`;
      log.fatal({ err }, message);
      writeHubStartError(config.paths.startError, message);
      io.stderr.write(`${message}\n`);
      await new Promise<void>((resolve) => log.flush(() => resolve()));
      return 1;
    }
    const stop = (signal: string) => void hub.close(signal);
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGHUP', () => stop('SIGHUP'));
    if (!background) io.stderr.write(`gatehouse hub listening on ${hub.baseUrl}\nportal: ${portalUrl(hub.baseUrl, hub.ctx.token)}\ndata: ${config.paths.dir}\n`);
    const reason = await hub.stopped;
    if (!background) io.stderr.write(`gatehouse hub stopped (${reason})\n`);
    // Whatever a plugin may still hold open (a child's pipe, a timer), a stopped hub exits now
    // (pino's destinations flush synchronously on exit).
    process.exit(0);
  },
};

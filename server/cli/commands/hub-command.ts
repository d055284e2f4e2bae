import { hubConfigFromEnv } from '../../config/hub-config.js';
import { createLogger } from '../../logging/logger.js';
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
    const log = createLogger({ file: config.paths.log, name: 'hub', stderr: !background });
    // Loaded on demand so other commands do not pay for the hub's modules.
    const { HubAlreadyRunningError, runHub } = await import('../../hub/run-hub.js');
    const { portalUrl } = await import('../../hub/handoff.js');
    let hub;
    try {
      hub = await runHub(config, log);
    } catch (err) {
      if (err instanceof HubAlreadyRunningError) {
        io.stderr.write(`gatehouse hub: ${err.message}\n`);
        return 3;
      }
      throw err;
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

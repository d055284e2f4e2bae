import { isAlive } from '../../platform/process-alive.js';
import { readHubStatus } from '../status/hub-status.js';
import type { CliCommand } from '../command.js';

const STOP_WAIT_MS = 15_000;

export const stopCommand: CliCommand = {
  name: 'stop',
  summary: 'stop the hub of this data directory cleanly (pending work stays on disk for the next start)',
  help: `Usage: gatehouse stop

Stops the running hub of this data directory (GATEHOUSE_HOME) the way Ctrl-C would: it finishes writing,
removes hub.json and exits. Pending choices keep their deadlines and come back when the hub starts again.
Only a hub that answers with this data directory's credential is stopped; no other process is touched.

Exit codes: 0 stopped (or none was running), 1 it did not stop in time.`,
  async run(_args, io) {
    const { status } = await readHubStatus();
    if (status.state !== 'running' || status.pid === null) {
      io.stdout.write(`gatehouse stop: no hub is running for ${status.data_dir}\n`);
      return 0;
    }
    const pid = status.pid;
    process.kill(pid, 'SIGTERM');
    const until = Date.now() + STOP_WAIT_MS;
    while (isAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    if (isAlive(pid)) {
      io.stderr.write(`gatehouse stop: the hub (pid ${pid}) did not stop within ${STOP_WAIT_MS / 1000} s; see ${status.data_dir}/gatehouse.log\n`);
      return 1;
    }
    io.stdout.write(`gatehouse stop: stopped the hub (pid ${pid}, port ${status.port}) of ${status.data_dir}\n`);
    return 0;
  },
};

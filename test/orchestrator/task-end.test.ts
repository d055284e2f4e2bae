import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import { snapshotProcess } from '../../server/pty/proc-wait-state.js';
import { DAEMON_STARTER, finished, taskWhere, useOrchestratorFixture, type OrchestratorFixture } from '../support/orchestrator-fixture.js';
import { until } from '../support/run-cli.js';

/** The process no longer exists (a zombie only waits to be reaped by its new parent). */
const gone = (pid: number) => (snapshotProcess(pid)?.state ?? 'Z') === 'Z';

describe('a task ends with what it started', () => {
  let work: string;
  let orchestrator: Orchestrator;
  useOrchestratorFixture((f) => ({ work, orchestrator } = f));
  let daemon: number | null = null;
  afterEach(() => {
    // A test that failed leaves nothing running behind it.
    if (daemon !== null && !gone(daemon)) process.kill(daemon, 'SIGKILL');
    daemon = null;
  });

  it('a daemon the program started in a session of its own (out of its process group) ends when the program exits 0', async () => {
    const pidFile = join(work, 'daemon.pid');
    const session = orchestrator.start({ stages: [{ tasks: [{ name: 'starter', command: process.execPath, args: [DAEMON_STARTER], env: { DAEMON_PID_FILE: pidFile }, interactive: false }] }] });
    const result = await finished(orchestrator, session);
    expect(result.status).toBe('DONE');
    const pid = (daemon = Number(readFileSync(pidFile, 'utf8')));
    await until(() => gone(pid));
  });

  it('a stopped task takes its daemon along', async () => {
    const pidFile = join(work, 'daemon.pid');
    const script = `setsid sleep 600 & echo $! > ${JSON.stringify(pidFile)}; exec sleep 600`;
    const session = orchestrator.start({ stages: [{ tasks: [{ name: 'server', command: 'bash', args: ['-c', script], interactive: false }] }] });
    const running = await taskWhere(orchestrator, (t) => t.name === 'server' && t.status === 'RUNNING');
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '');
    const pid = (daemon = Number(readFileSync(pidFile, 'utf8')));
    await orchestrator.stopTask(running.id);
    expect((await finished(orchestrator, session)).status).toBe('FAILED');
    await until(() => gone(pid));
  });
});

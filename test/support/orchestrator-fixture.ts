import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import { Orchestrator } from '../../server/orchestrator/orchestrator.js';
import type { TaskState, WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'programs', 'orchestrator');
export const FAKE_AGENT = join(FIXTURES, 'fake-agent.mjs');
export const READ_RECORDER = join(FIXTURES, 'read-recorder.mjs');
export const DAEMON_STARTER = join(FIXTURES, 'daemon-starter.mjs');
export const OFF_BY_ONE_MENU = join(FIXTURES, 'off-by-one-menu.mjs');

/** adapters.yaml for the fake agent: a user-defined adapter, no code change. */
export const FAKE_AGENT_ADAPTERS = `adapters:
  fake-agent:
    description: agent-like test TUI
    command: ${process.execPath}
    args: [${JSON.stringify(FAKE_AGENT)}]
    autoPolicy:
      injectArgs: [--auto-approve]
      handlers:
        - { type: answer, when: 'Allow this action\\? \\(y/n\\)', text: y }
        - { type: choose, when: 'Pick a model', option: balanced }
    detect:
      idle: ['^> ?$']
      busy: ['esc to interrupt']
`;

/** A temp data dir (GATEHOUSE_HOME) with the fake agent's adapter file. */
export function tempDataDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-orch-'));
  writeFileSync(join(dir, 'adapters.yaml'), FAKE_AGENT_ADAPTERS);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves with the first task event that satisfies `predicate` (or a task already in that state). */
export function taskWhere(orchestrator: Orchestrator, predicate: (task: TaskState) => boolean): Promise<TaskState> {
  const now = orchestrator.listTasks().find(predicate);
  if (now) return Promise.resolve(structuredClone(now));
  return new Promise((resolve) => {
    const listener = (task: TaskState) => {
      if (!predicate(task)) return;
      orchestrator.off('task', listener);
      resolve(structuredClone(task));
    };
    orchestrator.on('task', listener);
  });
}

export async function finished(orchestrator: Orchestrator, session: WorkflowSessionState): Promise<WorkflowSessionState> {
  const done = await orchestrator.finished(session.id);
  if (!done) throw new Error(`session ${session.id} vanished`);
  return done;
}

export interface OrchestratorFixture {
  data: { dir: string; cleanup: () => void };
  work: string;
  orchestrator: Orchestrator;
}

/**
 * Per test: a temp data dir, a temp working dir and an Orchestrator over them, shut down and removed after.
 * `use` receives each test's fixture (e.g. `useOrchestratorFixture((f) => ({ data, work, orchestrator } = f))`).
 */
export function useOrchestratorFixture(use: (fixture: OrchestratorFixture) => void): void {
  let fixture: OrchestratorFixture;
  beforeEach(() => {
    const data = tempDataDir();
    fixture = { data, work: mkdtempSync(join(tmpdir(), 'gatehouse-work-')), orchestrator: new Orchestrator({ dataDir: data.dir }) };
    use(fixture);
  });
  afterEach(async () => {
    await fixture.orchestrator.shutdown();
    fixture.data.cleanup();
    rmSync(fixture.work, { recursive: true, force: true });
  });
}

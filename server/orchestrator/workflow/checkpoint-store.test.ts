import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointStore } from './checkpoint-store.js';
import type { WorkflowSessionState } from '../task/task-types.js';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe('CheckpointStore', () => {
  it('keeps the last checkpoint of each session in a private file, with no temp files left behind', () => {
    mkdirSync('.tmp', { recursive: true });
    const home = mkdtempSync(join('.tmp', 'checkpoints-'));
    homes.push(home);
    const store = new CheckpointStore(home);
    const session = { id: 'wf-1', status: 'RUNNING', tasks: [{ id: 'wf-1.a', status: 'DONE' }] } as unknown as WorkflowSessionState;
    store.save(session);
    store.save({ ...session, status: 'INTERRUPTED' });
    expect(store.load('wf-1')).toMatchObject({ status: 'INTERRUPTED', tasks: [{ status: 'DONE' }] });
    expect(readdirSync(store.dir)).toEqual(['wf-1.json']);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.pathOf('wf-1')).mode & 0o777).toBe(0o600);
  });
});

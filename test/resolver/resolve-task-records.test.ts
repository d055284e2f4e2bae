// The resolve task records on disk (real files): what a restart reads back, and what it sets aside.
import { afterEach, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESTARTED_REASON, ResolveTaskRecords } from '../../server/resolver/resolve-task-records.js';
import type { ResolveTaskView } from '../../server/resolver/resolve-types.js';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

function setUp() {
  const home = mkdtempSync(join(tmpdir(), 'gatehouse-records-'));
  homes.push(home);
  const errors: string[] = [];
  const open = () => new ResolveTaskRecords(join(home, 'resolve-tasks'), join(home, 'set-aside'), (m) => errors.push(m));
  return { home, errors, open };
}

const view = (id: string, state: ResolveTaskView['state'], extra: Partial<ResolveTaskView> = {}): ResolveTaskView => ({
  task_id: id,
  component_name: 'C1',
  project_dir: '/p',
  state,
  created_at: `2026-11-23T10:00:0${id.at(-1)}.000Z`,
  updated_at: '2026-11-23T10:00:09.000Z',
  ended_at: null,
  screen: { lines: ['not kept'], cursor: { line: 0, column: 0, visible: true }, cols: 80, rows: 24 },
  ...extra,
});

test('a running task reads back failed (the hub restarted), an ended one as it ended, a removed one not at all; no screen is kept', async () => {
  const { home, errors, open } = setUp();
  const first = open();
  first.save(view('rc-1', 'checking_global'));
  first.save(view('rc-1', 'selection_required'));
  first.save(view('rc-2', 'finished', { location: '/p/imports/C1.tsx', source: 'global', ended_at: '2026-11-23T10:00:08.000Z' }));
  first.save(view('rc-3', 'failed', { reason: 'gone', exit_code: 1 }));
  first.remove('rc-3');
  await first.flush();
  expect(readdirSync(join(home, 'resolve-tasks')).sort()).toEqual(['rc-1.json', 'rc-2.json']);
  expect(readFileSync(join(home, 'resolve-tasks', 'rc-1.json'), 'utf8')).not.toContain('not kept');

  const { views } = await open().load();
  expect(views.map((v) => [v.task_id, v.state])).toEqual([
    ['rc-2', 'finished'],
    ['rc-1', 'failed'],
  ]);
  expect(views[1]).toMatchObject({ reason: RESTARTED_REASON, exit_code: null, screen: null });
  expect(views[1].ended_at).not.toBeNull();
  expect(views[0]).toMatchObject({ location: '/p/imports/C1.tsx', source: 'global' });
  // The rewrite is on disk: a second restart reads the same failure.
  expect((await open().load()).views.find((v) => v.task_id === 'rc-1')).toMatchObject({ state: 'failed', reason: RESTARTED_REASON });
  expect(errors).toEqual([]);
});

test('junk and mismatched records are set aside with their problem, the good ones kept; a missing folder is no task', async () => {
  const { home, open } = setUp();
  expect(await open().load()).toEqual({ views: [], notes: [] });
  const dir = join(home, 'resolve-tasks');
  mkdirSync(dir);
  writeFileSync(join(dir, 'rc-a.json'), 'null');
  writeFileSync(join(dir, 'rc-b.json'), '{"task_id":');
  writeFileSync(join(dir, 'rc-c.json'), JSON.stringify({ ...view('rc-x', 'failed'), screen: undefined }));
  writeFileSync(join(dir, 'rc-d.json'), JSON.stringify({ ...view('rc-d', 'failed'), state: 'exploded' }));
  writeFileSync(join(dir, 'rc-e.json.123.1.tmp'), 'half');
  writeFileSync(join(dir, 'rc-5.json'), JSON.stringify(view('rc-5', 'failed', { reason: 'r', exit_code: 2 })));
  const { views, notes } = await open().load();
  expect(views.map((v) => v.task_id)).toEqual(['rc-5']);
  expect(notes.map((n) => [n.from.split('/').pop(), n.problem]).sort()).toEqual([
    ['rc-a.json', 'not a JSON object'],
    ['rc-b.json', expect.stringMatching(/^not valid JSON/)],
    ['rc-c.json', 'task_id: "rc-x" does not match the file name'],
    ['rc-d.json', 'state: "exploded" is not a resolve task state'],
  ]);
  expect(readdirSync(dir)).toEqual(['rc-5.json']);
  expect(readdirSync(join(home, 'set-aside'))).toHaveLength(4);
});

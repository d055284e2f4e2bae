// One temp root per vitest run: every test (and every program it starts) gets it as TMPDIR, and it is removed
// when the run ends, so a run leaves nothing behind even when a test forgets its own clean-up. It is not inside
// the project: tools the tests run (npm, tsci) search upward for a package.json and would install into the
// project itself. At the end it says what was not tested.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untestedNote } from './untested-note.mjs';

export default async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'gatehouse-vitest-'));
  process.env.TMPDIR = root;
  return async () => {
    const left = existsSync(root) ? await readdir(root) : [];
    if (process.env.GATEHOUSE_TEST_LEFTOVERS === '1') console.log(`temp folders tests left (removed now): ${left.join(', ') || 'none'}`);
    await rm(root, { recursive: true, force: true });
    const note = untestedNote();
    if (note) console.log(`\n${note}\n`);
  };
}

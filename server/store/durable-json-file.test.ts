import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { describe, expect, it } from 'vitest';
import { DurableJsonFile } from './durable-json-file.js';
import { openDocument } from './json-document.js';

const dir = () => mkdtemp(join(tmpdir(), 'gatehouse-doc-'));

describe('DurableJsonFile (lowdb adapter)', () => {
  it('is what a lowdb document reads and writes: absent gives the default, a write lands whole (0600, no temp file left)', async () => {
    const home = await dir();
    const file = join(home, 'doc.json');
    const db = new Low<{ n: number }>(new DurableJsonFile(file), { n: 0 });
    await db.read();
    expect(db.data).toEqual({ n: 0 });
    await db.update((d) => (d.n = 7));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ n: 7 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(home)).toEqual(['doc.json']);
    const again = new Low<{ n: number }>(new DurableJsonFile(file), { n: 0 });
    await again.read();
    expect(again.data.n).toBe(7);
  });

  it('a write that fails leaves the document as it was and no temp file', async () => {
    const home = await dir();
    const file = join(home, 'doc.json');
    await writeFile(file, '{"n":1}');
    const adapter = new DurableJsonFile<{ n: number }>(join(home, 'missing', 'doc.json'));
    await expect(adapter.write({ n: 2 })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(home)).toEqual(['doc.json']);
  });
});

describe('openDocument', () => {
  it('sets aside a document that is not JSON, or is a directory, and starts from the defaults', async () => {
    const home = await dir();
    await writeFile(join(home, 'junk.json'), '{"cut');
    await mkdir(join(home, 'folder.json'));
    for (const [name, problem] of [['junk.json', /not valid JSON/], ['folder.json', /is a directory/]] as const) {
      const { db, setAside } = await openDocument(join(home, name), join(home, 'set-aside'), () => ({ fresh: true }));
      expect(db.data).toEqual({ fresh: true });
      expect(setAside!.problem).toMatch(problem);
      expect(setAside!.kept.startsWith(join(home, 'set-aside'))).toBe(true);
      await db.write(); // the fresh one is written where the bad one was
      expect(JSON.parse(await readFile(join(home, name), 'utf8'))).toEqual({ fresh: true });
    }
    expect(await readdir(join(home, 'set-aside'))).toHaveLength(2);
  });
});

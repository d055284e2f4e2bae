import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../server/config/data-paths.js';
import { startTestHub, type TestHub } from '../../test/support/test-hub.js';
import { choiceRequest } from '../../test/support/sessions.js';

/** A choice request like an agent's (three options, a short Markdown prompt): the portal specs' one, left open an hour. */
export const benchRequest = (title: string, extra: Record<string, unknown> = {}) => choiceRequest({ title, timeout_seconds: 3600, ...extra });

/**
 * A real hub holding `count` pending sessions. One session is created over HTTP; its file, as the hub wrote it,
 * is cloned `count − 1` times (new ids, one second apart) while the hub is stopped — so seeding 10,000 takes
 * seconds and needs no knowledge of the file format — then the hub starts again on that data directory.
 */
export async function seededHub(count: number): Promise<TestHub> {
  const first = await startTestHub();
  // Every gate carries a source, as agents' gates do; clones spread over ten projects.
  await first.client.request('POST', '/api/sessions', { ...benchRequest('Seed 0'), source: { kind: 'mcp', agent: 'claude-code 2.1', project: join(tmpdir(), 'project-0'), branch: 'main' } });
  await first.stop({ keepHome: true });
  const dir = dataPaths(first.home).sessions;
  const [name] = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  const template = JSON.parse(await readFile(join(dir, name), 'utf8')) as Record<string, unknown> & { request: Record<string, unknown>; source: Record<string, unknown> };
  const start = Date.now() - count * 1000;
  for (let i = 1; i < count; i++) {
    const id = `seed-${String(i).padStart(6, '0')}`;
    const created = new Date(start + i * 1000).toISOString();
    const session = { ...template, id, created_at: created, deadline_at: new Date(Date.now() + 3_600_000 + i).toISOString(), request: { ...template.request, title: `Seed ${i}: pick storage` }, source: { ...template.source, project: join(tmpdir(), `project-${i % 10}`) } };
    await writeFile(join(dir, `${id}.json`), JSON.stringify(session), { mode: 0o600 });
  }
  return first.restart();
}

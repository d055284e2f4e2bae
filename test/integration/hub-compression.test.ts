import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { firstLoad, wireGet } from '../support/wire-fetch.js';

describe('hub compresses what it sends', () => {
  let hub: TestHub;
  beforeAll(async () => (hub = await startTestHub()));
  afterAll(() => hub.stop());

  it('sends the choice page and the files it loads compressed (brotli), and they decode to the page', async () => {
    const { url, session } = await hub.client.request<{ url: string; session: { id: string } }>('POST', '/api/sessions', { prompt: 'Which **database**?', options: [{ id: 'pg', label: 'Postgres' }, { id: 'lite', label: 'SQLite' }], interface: 'web' });
    const load = await firstLoad(url);
    expect(load.page.status).toBe(200);
    expect(load.page.headers['content-encoding']).toBe('br');
    expect(load.page.text).toContain(session.id);
    expect(load.files.length).toBeGreaterThan(0);
    for (const file of load.files) {
      expect(file.answer.status).toBe(200);
      expect(file.answer.headers['content-encoding']).toBe('br');
      expect(file.answer.wireBytes).toBeLessThan(Buffer.byteLength(file.answer.text));
    }
  });

  it('compresses JSON answers for clients that accept it, and not for those that do not', async () => {
    for (let i = 0; i < 5; i++) await hub.client.request('POST', '/api/sessions', { prompt: `question ${i} ${'context '.repeat(40)}`, options: [{ id: 'a', label: 'A' }], interface: 'web' });
    const auth = { authorization: `Bearer ${hub.token}` };
    const gz = await wireGet(`${hub.baseUrl}/api/interactions`, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gz.text).interactions.length).toBeGreaterThanOrEqual(5);
    const plain = await wireGet(`${hub.baseUrl}/api/interactions`, { ...auth, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.text)).toEqual(JSON.parse(gz.text));
  });
});

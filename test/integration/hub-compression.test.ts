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

  it('a gate link\'s first load (page, script, stylesheet) is at most 20 KB on the wire, its catalog only what a gate page shows', async () => {
    const { url } = await hub.client.request<{ url: string }>('POST', '/api/sessions', { prompt: 'Which **database**?', options: [{ id: 'pg', label: 'Postgres' }, { id: 'lite', label: 'SQLite' }], interface: 'web' });
    const load = await firstLoad(url);
    expect(load.page.status).toBe(200);
    expect(load.files.map((f) => f.answer.status)).not.toContain(404);
    expect(load.totalWireBytes).toBeLessThanOrEqual(20 * 1024);
    const catalog = (text: string) => JSON.parse(text.match(/id="gatehouse-boot">(.*?)<\/script>/s)![1]).catalog as Record<string, string>;
    const gateKeys = Object.keys(catalog(load.page.text));
    expect(gateKeys).toContain('portal:choice.freeText');
    expect(gateKeys.filter((k) => /^portal:(settings|history|resolve|taskPage|list)\./.test(k))).toEqual([]);
    // With the credential the page has the list and its home view; views shown later (settings, history) bring their
    // strings from the whole catalog, which has every string a page can show.
    const full = await wireGet(`${hub.baseUrl}/`, { authorization: `Bearer ${hub.token}` });
    const fullKeys = Object.keys(catalog(full.text));
    expect(fullKeys).toEqual(expect.arrayContaining(['portal:list.title', 'portal:root.heading', 'portal:choice.freeText']));
    expect(fullKeys.filter((k) => /^portal:(settings|history|resolve|taskPage|final)\./.test(k))).toEqual([]);
    const whole = await wireGet(`${hub.baseUrl}/api/portal/catalog/en`, { authorization: `Bearer ${hub.token}` });
    expect(Object.keys(JSON.parse(whole.text).catalog)).toEqual(expect.arrayContaining(['portal:settings.title', 'portal:history.title', 'portal:final.heading', ...fullKeys, ...gateKeys]));
    // A browser without scripts is sent on to the plain page, which holds the form (and is not in everyone's first load).
    expect(load.page.text).not.toContain('data-testid="fallback-form"');
    const path = new URL(load.page.text.match(/<meta http-equiv="refresh" content="0; url=([^"]+)">/)![1], hub.baseUrl).href;
    expect(path).toMatch(/\/choice\/ch_[\w-]+\?plain$/);
    expect(load.page.text).toContain(`<a href="${new URL(path).pathname}?plain" data-testid="plain-link">`); // if the refresh is not followed
    const plain = await wireGet(path, { authorization: `Bearer ${hub.token}` });
    expect(plain.status).toBe(200);
    expect(plain.text).toContain('data-testid="fallback-form"');
  });

  it('compresses small JSON answers too (a health check of ~500 bytes)', async () => {
    const health = await wireGet(`${hub.baseUrl}/api/health`, { authorization: `Bearer ${hub.token}` });
    expect(health.headers['content-encoding']).toBe('br');
    expect(health.wireBytes).toBeLessThan(Buffer.byteLength(health.text));
    expect(JSON.parse(health.text).ok).toBe(true);
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

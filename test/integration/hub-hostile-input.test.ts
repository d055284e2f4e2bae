import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/** A client that writes its whole body before it reads the answer (as naive clients and scripts do). */
function postWholeBody(hub: TestHub, body: Buffer, chunked = false): Promise<{ status: number; text: string }> {
  const url = new URL(hub.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: '/api/sessions', method: 'POST', headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': body.length }) } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const ok = req.write(body.subarray(at, at + 65_536));
        at += 65_536;
        if (!ok) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('hub with hostile HTTP input', () => {
  let hub: TestHub;
  beforeAll(async () => (hub = await startTestHub()));
  afterAll(() => hub.stop());

  const huge = Buffer.from(`{"prompt":"${'a'.repeat(50 * 1024 * 1024)}","options":[{"id":"a","label":"A"}]}`);

  it.each([['with a content-length', false], ['chunked', true]])('answers a 50 MB body %s with 413 naming the limit, not a reset', async (_name, chunked) => {
    const answer = await postWholeBody(hub, huge, chunked);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toMatch(/^body: \d+ bytes is over the hub's limit of 1048576 bytes \(1 MiB\)/);
    expect((await hub.client.request<{ ok: boolean }>('GET', '/api/health')).ok).toBe(true);
  });

  it('names a "constructor" key as an unknown field instead of calling the JSON invalid', async () => {
    const answer = await postWholeBody(hub, Buffer.from('{"prompt":"p","options":[{"id":"a","label":"A"}],"constructor":{"x":1}}'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error.problems).toEqual([{ field: 'constructor', message: expect.stringMatching(/^unknown field/) }]);
  });

  it('accepts "constructor" as an option id (a word like any other)', async () => {
    const answer = await postWholeBody(hub, Buffer.from('{"prompt":"p","options":[{"id":"constructor","label":"A"}],"interface":"web"}'));
    expect(answer.status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
beforeAll(async () => (hub = await startTestHub()));
afterAll(async () => hub?.stop());

/**
 * A raw request so the Host and Origin headers can be anything (fetch does not allow setting them). Under TLS the
 * hub's certificate is self-signed; these tests are about what the hub accepts, not about pinning it.
 */
function rawRequest(on: TestHub, method: string, path: string, headers: Record<string, string>, json?: unknown): Promise<{ status: number; body: string }> {
  const url = new URL(on.baseUrl);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = send({ host: url.hostname, port: url.port, path, method, headers: body ? { ...headers, 'content-type': 'application/json' } : headers, rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const rawGet = (path: string, headers: Record<string, string>) => rawRequest(hub, 'GET', path, headers);

function wsOutcome(headers: Record<string, string>, query = '', on: TestHub = hub): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${on.baseUrl.replace('http', 'ws')}/ws${query}`, { headers, rejectUnauthorized: false });
    ws.on('open', () => ws.once('message', (d) => { resolve(`open:${JSON.parse(String(d)).type}`); ws.close(); }));
    ws.on('unexpected-response', (_req, res) => resolve(`refused:${res.statusCode}`));
    ws.on('error', () => undefined);
  });
}

describe('hub security', () => {
  const auth = () => ({ authorization: `Bearer ${hub.token}` });

  it('answers with the credential', async () => {
    expect((await rawGet('/api/health', auth())).status).toBe(200);
  });
  it('refuses a request without the credential', async () => {
    const res = await rawGet('/api/interactions', {});
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('unauthorized');
  });
  it('refuses a wrong credential', async () => {
    expect((await rawGet('/api/interactions', { authorization: 'Bearer nope' })).status).toBe(401);
  });
  it('refuses a Host that is not a loopback name (DNS rebinding), even with the credential', async () => {
    const res = await rawGet('/api/health', { ...auth(), host: 'attacker.example:80' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe('bad_host');
  });
  it('refuses a foreign Origin, even with the credential', async () => {
    const res = await rawGet('/api/health', { ...auth(), origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe('bad_origin');
  });
  it('accepts its own Origin', async () => {
    expect((await rawGet('/api/health', { ...auth(), origin: hub.baseUrl })).status).toBe(200);
  });
  it('gives a browser a cookie for ?token= so later requests need no token in the URL', async () => {
    const res = await fetch(`${hub.baseUrl}/api/interactions?token=${hub.token}`);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/gatehouse_token=.*HttpOnly/);
    expect((await fetch(`${hub.baseUrl}/api/interactions`, { headers: { cookie: cookie.split(';')[0] } })).status).toBe(200);
  });
  it('applies the same rules to the WebSocket', async () => {
    expect(await wsOutcome(auth())).toBe('open:hello');
    expect(await wsOutcome({})).toBe('refused:401');
    expect(await wsOutcome({ ...auth(), origin: 'https://evil.example' })).toBe('refused:403');
    expect(await wsOutcome({ ...auth(), host: 'attacker.example' })).toBe('refused:403');
    expect(await wsOutcome({}, `?token=${hub.token}`)).toBe('open:hello');
  });
});

/** The other scheme on the same host and port: `http://127.0.0.1:p` ↔ `https://127.0.0.1:p`. */
const otherScheme = (baseUrl: string) => (baseUrl.startsWith('https:') ? baseUrl.replace('https:', 'http:') : baseUrl.replace('http:', 'https:'));

const question = { prompt: 'Deploy now?', title: 'Deploy now?', options: [{ id: 'go', label: 'Deploy' }, { id: 'wait', label: 'Wait' }], interface: 'web' };

/** Whether an Origin is the hub's own compares its scheme too: a page served on the other scheme is another origin. */
function originSchemeCases(name: string, start: () => Promise<TestHub>) {
  describe(`the Origin's scheme (${name} hub)`, () => {
    let on: TestHub;
    beforeAll(async () => (on = await start()));
    afterAll(async () => on?.stop());
    const auth = () => ({ authorization: `Bearer ${on.token}` });
    const gates = async () => (await on.client.request<{ interactions: unknown[] }>('GET', '/api/interactions')).interactions.length;

    it('refuses a POST whose Origin has the other scheme, and creates nothing', async () => {
      const res = await rawRequest(on, 'POST', '/api/sessions', { ...auth(), origin: otherScheme(on.baseUrl) }, question);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('bad_origin');
      expect(await gates()).toBe(0);
    });
    it('accepts the same POST from its own Origin', async () => {
      const res = await rawRequest(on, 'POST', '/api/sessions', { ...auth(), origin: on.baseUrl }, question);
      expect(res.status, res.body).toBe(201);
      expect(await gates()).toBe(1);
    });
    it('refuses a WebSocket upgrade whose Origin has the other scheme, and accepts its own', async () => {
      expect(await wsOutcome({ ...auth(), origin: otherScheme(on.baseUrl) }, '', on)).toBe('refused:403');
      expect(await wsOutcome({ ...auth(), origin: on.baseUrl }, '', on)).toBe('open:hello');
    });
  });
}

originSchemeCases('plain HTTP', () => startTestHub());
originSchemeCases('TLS', async () => {
  const tls = await startTestHub({ env: { GATEHOUSE_TLS: 'on' } });
  expect(tls.baseUrl).toMatch(/^https:/);
  return tls;
});

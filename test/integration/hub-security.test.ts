import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { request as httpRequest } from 'node:http';
import { startTestHub, type TestHub } from '../support/test-hub.js';

let hub: TestHub;
beforeAll(async () => (hub = await startTestHub()));
afterAll(async () => hub?.stop());

/** A raw HTTP GET so the Host header can be anything (fetch does not allow setting it). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(hub.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function wsOutcome(headers: Record<string, string>, query = ''): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${hub.baseUrl.replace('http', 'ws')}/ws${query}`, { headers });
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

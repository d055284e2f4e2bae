import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// Needs the built dist (npm run build). The test hub runs with GATEHOUSE_NO_BROWSER=1: no browser can be opened.
describe('web portal plugin in a real hub', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(async () => hub?.stop());

  it('a new web interaction without a browser: the start answer carries the URL hint with an SSH port-forward line', async () => {
    const port = new URL(hub.baseUrl).port;
    const created = await hub.client.request<{ session: ChoiceSessionView; url: string }>('POST', '/api/sessions', { prompt: 'p', options: [{ id: 'a', label: 'A' }], interface: 'web' });
    expect(created.session.notices.join('\n')).toContain(`ssh -L ${port}:127.0.0.1:${port}`);
    const terminal = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', { prompt: 'p', options: [{ id: 'a', label: 'A' }], interface: 'terminal' });
    expect(terminal.session.notices).toEqual([]);
  });

  it('pages need the credential; ?token= sets the cookie and is dropped from the address', async () => {
    const bare = await fetch(`${hub.baseUrl}/`);
    expect(bare.status).toBe(401);
    const first = await fetch(`${hub.baseUrl}/history?token=${hub.token}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/history');
    expect(first.headers.get('set-cookie')).toMatch(/gatehouse_token=.*HttpOnly/);
    const page = await fetch(`${hub.baseUrl}/choice/nope`, { headers: { authorization: `Bearer ${hub.token}` } });
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves the page catalog per language', async () => {
    const zh = await hub.client.request<{ catalog: Record<string, string> }>('GET', '/api/portal/catalog/zh');
    expect(zh.catalog['common:action.submit']).toBe('提交');
    await expect(hub.client.request('GET', '/api/portal/catalog/fr')).rejects.toThrow(/lang/);
  });
});

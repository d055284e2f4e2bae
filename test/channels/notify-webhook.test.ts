import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths } from '../../server/config/data-paths.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { channelStatus, until } from '../support/telegram-channel.js';

const QUESTION = { title: 'Ship it?', prompt: 'Release 1.2 is ready.', options: [{ id: 'y', label: 'Yes' }, { id: 'n', label: 'No' }], interface: 'web', timeout_seconds: 600 };

let hub: TestHub | undefined;
let receiver: Server | undefined;
afterEach(async () => {
  await hub?.stop();
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
  hub = receiver = undefined;
});

async function create(h: TestHub): Promise<ChoiceSessionView> {
  return (await h.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', QUESTION)).session;
}

describe('GATEHOUSE_NOTIFY_URL', () => {
  it('gets a small JSON POST per new gate: id, title, source, the gate link — no credential in it', async () => {
    const received: Array<{ path: string; type: string; body: Record<string, unknown> }> = [];
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body: JSON.parse(body) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/topic/gates`;
    hub = await startTestHub({ env: { GATEHOUSE_NOTIFY_URL: url } });

    const created = await hub.client.request<{ session: ChoiceSessionView; url: string }>('POST', '/api/sessions', QUESTION);
    const session = created.session;
    const post = await until(() => received.find((r) => r.body.id === session.id));
    expect(post.path).toBe('/topic/gates');
    expect(post.type).toBe('application/json');
    expect(post.body).toEqual({ event: 'gate.created', id: session.id, title: 'Ship it?', source: { interface: 'web', label: '', agent: null, project: null, branch: null, context: null }, url: created.url });
    expect(created.url).toMatch(new RegExp(`^${hub.baseUrl}/choice/${session.id}\\?gate=[\\w-]{43}$`));
    expect(JSON.stringify(post.body)).not.toContain(hub.token);
    expect((await channelStatus(hub, 'notify'))?.state).toBe('ok');
  });

  it('a receiver that is down is logged and shown in health; gates are created and answered as usual', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    hub = await startTestHub({ env: { GATEHOUSE_NOTIFY_URL: `http://127.0.0.1:${port}/hook?secret=s3cr3t` } });

    const session = await create(hub);
    expect(session.status).toBe('pending');
    const status = await until(async () => {
      const s = await channelStatus(hub!, 'notify');
      return s?.state === 'down' && s;
    });
    expect(status.last_error).toBe(`POST to http://127.0.0.1:${port} failed: ECONNREFUSED`);
    const answered = await hub.client.request<{ session: ChoiceSessionView }>('POST', `/api/sessions/${session.id}/submit`, { selected_ids: ['y'] });
    expect(answered.session.status).toBe('submitted');
    const log = await until(async () => {
      const text = await readFile(dataPaths(hub!.home).log, 'utf8');
      return text.includes('notify webhook: POST failed') && text;
    });
    expect(log).not.toContain('s3cr3t');
  });

  it('an invalid URL leaves the hub running and says why', async () => {
    hub = await startTestHub({ env: { GATEHOUSE_NOTIFY_URL: 'ftp://example.invalid/x' } });
    expect(await channelStatus(hub, 'notify')).toMatchObject({ state: 'invalid', detail: 'GATEHOUSE_NOTIFY_URL: must be an http(s) URL' });
  });
});

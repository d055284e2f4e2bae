import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HubClient } from '../../server/hub-client/hub-client.js';

/** A TCP server on 127.0.0.1 that does `onConnection` with each connection; resolves to it and its port. */
async function listen(onConnection: (socket: import('node:net').Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('a hub that cannot be reached is named, not "fetch failed"', () => {
  it('a refused connection names the hub, the route and ECONNREFUSED, and says the next call starts the hub', async () => {
    const { server, port } = await listen(() => undefined);
    await new Promise((r) => server.close(r)); // nothing listens there now
    const client = new HubClient(`http://127.0.0.1:${port}`, 'token', '/tmp');
    const err = await client.request('POST', '/api/sessions?x=1', { prompt: 'x' }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(`the gatehouse hub at http://127.0.0.1:${port} did not answer POST /api/sessions (ECONNREFUSED) — the hub is not running (it may have idled out); the next call starts it again`);
  });

  it('a connection reset names the cause', async () => {
    const { server, port } = await listen((socket) => socket.once('data', () => socket.resetAndDestroy()));
    try {
      const client = new HubClient(`http://127.0.0.1:${port}`, 'token', '/tmp');
      const err = (await client.request('GET', '/api/health').catch((e: Error) => e)) as Error;
      expect(err.message).toMatch(new RegExp(`^the gatehouse hub at http://127\\.0\\.0\\.1:${port} did not answer GET /api/health \\((ECONNRESET|socket hang up)\\)$`));
      expect(err.message).not.toContain('fetch failed');
    } finally {
      server.close();
    }
  });
});

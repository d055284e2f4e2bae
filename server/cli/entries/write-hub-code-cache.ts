// Build step (`npm run build`, after rolldown): starts the hub bundle once in a throwaway data directory, so that it
// writes its V8 code cache (code-cached-bundle.ts) and the first hub a user starts after `npm ci` is already fast;
// then a `gatehouse mcp` against it makes one tool call, so its chunks' caches are written too (codeCacheChunks).
// Optional: if no hub can start here (no loopback, say), the build goes on and the first real start writes the cache.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../config/data-paths.js';
import { readHubState } from '../../discovery/hub-state-file.js';
import { cliLauncher, packageRoot } from '../../package-info.js';

const cache = join(packageRoot, 'dist', 'cli', 'hub', 'gatehouse-hub.cjs.v8cache');
const home = mkdtempSync(join(tmpdir(), 'gatehouse-build-'));
// Only what the hub needs: nothing of the person's own settings (a Telegram token, a notify URL) reaches it.
const env = { PATH: process.env.PATH ?? '', HOME: home, GATEHOUSE_HOME: home, GATEHOUSE_PORT: '0', GATEHOUSE_NO_BROWSER: '1', GATEHOUSE_IDLE_SECONDS: '0' };
const hub = spawn(process.execPath, [cliLauncher, 'hub', '--background'], { env, stdio: 'ignore' });
const exited = new Promise<void>((resolve) => hub.once('exit', () => resolve()));
const deadline = Date.now() + 30_000;
while (!existsSync(cache) && hub.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
// The mcp must find this hub listening (a cache from an earlier build is there before it is): one it started itself
// would outlive the build, as this environment never idles a hub out.
while (hub.exitCode === null && (await readHubState(dataPaths(home).hubState))?.pid !== hub.pid && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
if (existsSync(cache) && (await readHubState(dataPaths(home).hubState))?.pid === hub.pid) await primeMcpChunks();
if (hub.exitCode === null) {
  hub.kill('SIGTERM');
  await exited;
}
rmSync(home, { recursive: true, force: true });
if (!existsSync(cache)) process.stderr.write(`gatehouse build: no hub code cache was written (the first hub start writes it): ${cache}\n`);

/** One `gatehouse mcp`: the handshake and a poll of an unknown choice (loads the SDK and the tools), then stdin ends. */
async function primeMcpChunks(): Promise<void> {
  const mcp = spawn(process.execPath, [cliLauncher, 'mcp'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const ended = new Promise<void>((resolve) => mcp.once('exit', () => resolve()));
  const send = (message: object) => mcp.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gatehouse-build', version: '0' } } });
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/call', params: { name: 'provide_choice', arguments: { session_id: 'ch_none', wait_seconds: 0 } } });
  let out = '';
  const answered = new Promise<void>((resolve) => mcp.stdout.on('data', (d) => (out += String(d)).includes('"id":2') && resolve()));
  const timer = setTimeout(() => mcp.kill('SIGKILL'), 15_000);
  await Promise.race([answered, ended]);
  mcp.stdin.end(); // it exits as its client closed, writing its chunks' caches
  await ended;
  clearTimeout(timer);
}

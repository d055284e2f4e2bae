// A field a program marks as a key (an adapter's dialog with `secret: true`, here from the user's adapters.yaml),
// on a small program that draws one and echoes what is typed: the key reaches the program and nothing gatehouse
// relays, stores or logs — task views, the data dir (records, checkpoints, log), the hub's output, the terminal
// socket. The real CLIs' fields: test/agents/secret-field-orchestrated.test.ts.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowSessionState } from '../../server/orchestrator/task/task-types.js';
import { makeTempHome } from '../support/test-hub.js';
import { orchestratorHome, startCapturedHub, type CapturedHub } from '../support/orchestrator-hub.js';

const KEY = 'sk-test-SECRET123456';
const BULLETS = '•'.repeat(KEY.length);

// Draws the field, echoes each key (Backspace takes one back), saves the key on Enter and clears the screen.
const PROGRAM = String.raw`
const fs = require('node:fs');
process.stdout.write('Welcome\r\n\r\n  Paste or type your API key below.\r\n\r\n> ');
process.stdin.setRawMode(true);
let key = '';
process.stdin.on('data', (d) => {
  for (const ch of String(d)) {
    if (ch === '\r') { fs.writeFileSync(process.env.KEY_FILE, key); process.stdout.write('\x1b[2J\x1b[HSaved.\r\n$ '); }
    else if (ch === '\x7f') { key = key.slice(0, -1); process.stdout.write('\b \b'); }
    else { key += ch; process.stdout.write(ch); }
  }
});
`;

function filesHolding(dir: string, text: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return filesHolding(path, text);
    return stat?.isFile() && readFileSync(path).includes(text) ? [path] : [];
  });
}

describe('a secret field (adapter data) under gatehouse run', () => {
  let hub: CapturedHub | null = null;
  const sockets: WebSocket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await hub?.stop();
    if (hub) rmSync(hub.home, { recursive: true, force: true });
    hub = null;
  });

  it('masks what is typed into it everywhere gatehouse relays, stores or logs; the program gets it', { timeout: 60_000 }, async () => {
    const home = await orchestratorHome();
    const script = join(home, 'key-field.cjs');
    const keyFile = join(await makeTempHome('gatehouse-key-field-'), 'the-program-got.txt');
    writeFileSync(script, PROGRAM);
    writeFileSync(
      join(home, 'adapters.yaml'),
      `${readFileSync(join(home, 'adapters.yaml'), 'utf8')}\n  keyfield:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(script)}]\n    dialogs:\n      - question: '^\\s*(Paste or type your API key below\\.)\\s*$'\n        secret: true\n`,
    );
    hub = await startCapturedHub(home);
    const h = hub;
    const { session } = await h.client.request<{ session: WorkflowSessionState }>('POST', '/api/workflows', {
      workflow: { stages: [{ tasks: [{ name: 'key', adapter: 'keyfield', keepAlive: true, env: { KEY_FILE: keyFile } }] }] },
    });
    const path = `/api/tasks/${encodeURIComponent(`${session.id}.key`)}`;
    const screen = async () => (await h.client.request<{ screen: string | null }>('GET', path)).screen ?? '';
    const until = async (pick: (s: string) => boolean, what: string) => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) if (pick(await screen())) return;
      throw new Error(`the screen never showed ${what}:\n${await screen()}`);
    };
    const attach = async () => {
      const messages: string[] = [];
      const socket = new WebSocket(h.client.wsUrl(`${path}/terminal`));
      sockets.push(socket);
      socket.on('message', (data) => messages.push(String(data)));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return messages;
    };
    await until((s) => s.includes('Paste or type your API key below.'), 'the field');
    const before = await attach();

    // Typed in two goes, a wrong character taken back with Backspace in between.
    await h.client.request('POST', `${path}/input`, { text: 'sk-test-SECX', submit: false });
    await h.client.request('POST', `${path}/input`, { data: '\x7f' });
    await h.client.request('POST', `${path}/input`, { text: 'RET123456', submit: false });
    await until((s) => s.includes(`> ${BULLETS}`), 'the key masked');
    const during = await attach();
    for (let i = 0; i < 100 && !during.join('').includes(BULLETS); i++) await new Promise((r) => setTimeout(r, 20));
    expect(during.join('')).toContain(BULLETS);
    for (let i = 0; i < 100 && !before.join('').includes(BULLETS); i++) await new Promise((r) => setTimeout(r, 20));
    // A viewer attached before got the masked repaint instead of the echo.
    expect(before.join('')).toContain(BULLETS);

    await h.client.request('POST', `${path}/input`, { keys: ['enter'] });
    await until((s) => s.includes('Saved.'), 'the program take the key');
    expect(readFileSync(keyFile, 'utf8')).toBe(KEY);
    // Past the field the raw bytes flow again, and a viewer attaching now is repainted from the masked screen.
    await h.client.request('POST', `${path}/input`, { text: 'ls', submit: false });
    for (let i = 0; i < 100 && !before.some((m) => m.includes('"data":"ls"')); i++) await new Promise((r) => setTimeout(r, 20));
    expect(before).toContain(JSON.stringify({ type: 'terminal.output', data: 'ls' }));
    const after = await attach();
    await new Promise((r) => setTimeout(r, 200));

    const { task } = await h.client.request<{ task: { explain: string[] } }>('GET', path);
    expect(task.explain.join('\n')).not.toMatch(/sk-test/);
    const everything = [
      JSON.stringify(await h.client.request('GET', path)),
      JSON.stringify(await h.client.request('GET', '/api/tasks')),
      JSON.stringify(await h.client.request('GET', `/api/workflows/${session.id}`)),
      ...before,
      ...during,
      ...after,
      h.stdout(),
      h.stderr(),
    ].join('\n');
    for (const piece of [KEY, 'SECRET', 'sk-test-SEC']) expect(everything).not.toContain(piece);
    expect(filesHolding(h.home, 'SECRET')).toEqual([]);
    await h.client.request('POST', `${path}/stop`);
  });
});

// A permission gate for an edit of a seeded file, raised through the hub's hook route, reaches the Telegram
// stand-in as a message with the path, the +/− counts and the first lines of the diff in monospace, then the
// gate's link; its buttons are the gate's answers, and a tap answers the hook.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestHub } from '../support/test-hub.js';
import type { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import { messageFor, until, useTelegramHub } from '../support/telegram-channel.js';

let standin: TelegramBotApiStandin;
let hub: TestHub;
useTelegramHub((rig) => ({ standin, hub } = rig));

const SEEDED = Array.from({ length: 60 }, (_, i) => `row ${i + 1}`).join('\n') + '\n';

describe('a permission gate in Telegram', () => {
  it('path, counts and the first diff lines (monospace), then the gate link; a tap on No answers the hook', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gatehouse-tg-pv-')), 'shop');
    mkdirSync(join(dir, '.git'), { recursive: true });
    writeFileSync(join(dir, 'rows.txt'), SEEDED);
    const content = SEEDED.replace('row 5\n', 'row five\n').replace(/row (4\d)\n/g, 'ROW $1\n');
    const decided = hub.client.request<{ decision: string }>('POST', '/api/hooks/gemini/permission', {
      input: { session_id: 's1', hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: join(dir, 'rows.txt'), content }, cwd: dir },
      wait_seconds: 120,
    });
    const id = await until(async () => (await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active')).interactions.find((i) => i.kind === 'choice')?.id);
    const message = await messageFor(standin, id);
    expect(message.html).toContain('📝 <code>rows.txt</code> (overwrites the file) <b>+11 −11</b>');
    const pre = /<pre>([\s\S]*?)<\/pre>/.exec(message.html)![1]!.split('\n');
    // The first 12 changed lines in the diff's order: its first hunk, then the removed lines of the second.
    expect(pre).toEqual(['-   5 row 5', '+   5 row five', ...Array.from({ length: 10 }, (_, i) => `-  ${40 + i} row ${40 + i}`)]);
    expect(message.html.indexOf('📝')).toBeLessThan(message.html.indexOf('wants to use'));
    expect(message.html).toMatch(/<i>… more lines of the diff:<\/i> http:\/\/127\.0\.0\.1:\d+\/choice\//);
    expect(message.buttons.map((b) => b.text)).toContain('No');
    standin.tapLabel(message.message_id, 'No');
    expect((await decided).decision).toBe('deny');
  });
});

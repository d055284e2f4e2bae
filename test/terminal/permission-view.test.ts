// A permission gate for an edit of a seeded file, raised through the hub's hook route, in `gatehouse choose` in a
// real pseudo-terminal: the diff with the same counts as the portal, before the answers.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../shared/interactions.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { TuiDriver } from '../support/tui-driver.js';
import { permissionLines } from '../../server/terminal/permission-lines.js';
import { withoutStyles } from '../../server/terminal/ansi.js';
import type { EditView } from '../../shared/permission/view.js';
import { createI18n } from '../../shared/i18n/index.js';
import { terminalTranslate } from '../../server/terminal/translate.js';

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(async () => {
  await hub?.stop();
});

const SEEDED = Array.from({ length: 30 }, (_, i) => `const line${i + 1} = ${i + 1};`).join('\n') + '\n';

describe('the terminal UI shows a permission gate’s diff', () => {
  it('gatehouse choose: path, change, the same +/− counts, numbered -/+ lines, then the answers', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gatehouse-tui-pv-')), 'shop');
    mkdirSync(join(dir, '.git'), { recursive: true });
    writeFileSync(join(dir, 'prices.ts'), SEEDED);
    const decided = hub.client.request<{ decision: string }>('POST', '/api/hooks/claude/permission', {
      input: { session_id: 's1', tool_name: 'Edit', tool_input: { file_path: join(dir, 'prices.ts'), old_string: 'const line12 = 12;', new_string: 'const line12 = 120;\nconst extra = 1;' }, cwd: dir },
      wait_seconds: 120,
    });
    let id: string | undefined;
    while (!id) {
      const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
      id = interactions.find((i) => i.kind === 'choice' && i.status === 'pending')?.id;
      if (!id) await new Promise((r) => setTimeout(r, 50));
    }
    // Rows for the view, its risk line and the answers below it.
    const tui = new TuiDriver(['choose', id], hub.env, { cols: 100, rows: 44 });
    try {
      await tui.waitFor('prices.ts (edit) +2 −1');
      // The answers are drawn below the view, possibly a frame later on a busy machine.
      await tui.waitFor('1. Yes, allow this once');
      expect(tui.line('risk medium')).toMatch(/risk medium: writes inside the project: prices\.ts/);
      expect(tui.line('- const line12')).toMatch(/^\s+12\s+- const line12 = 12;$/);
      expect(tui.line('+ const line12')).toMatch(/^\s+12 \+ const line12 = 120;$/);
      expect(tui.line('+ const extra')).toMatch(/^\s+13 \+ const extra = 1;$/);
      const text = tui.text();
      expect(text.indexOf('prices.ts (edit)')).toBeLessThan(text.indexOf('1. Yes, allow this once'));
      await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: ['no'], interface: 'api' });
      expect((await decided).decision).toBe('deny');
    } finally {
      await tui.kill();
    }
  });

  it('added lines green, removed red, counts coloured the same way; labels in the chosen language', async () => {
    const view: EditView = { kind: 'edit', added: 1, removed: 1, files: [{ path: 'a.txt', outside: false, change: 'edit', added: 1, removed: 1, hunks: [{ old_start: 1, old_lines: 1, new_start: 1, new_lines: 1, lines: [{ op: '-', text: 'old\x1b[2J', old: 1 }, { op: '+', text: 'new', new: 1 }] }] }] };
    const lines = permissionLines(view, 80, terminalTranslate(await createI18n('en')));
    if (!process.env.NO_COLOR) {
      expect(lines[2]).toContain('\x1b[31m- old␛[2J\x1b[0m');
      expect(lines[3]).toContain('\x1b[32m+ new\x1b[0m');
    }
    expect(lines.map(withoutStyles)).toEqual(['a.txt (edit) +1 −1', '@@ −1,1 +1,1 @@', '   1      - old␛[2J', '        1 + new']);
    expect(withoutStyles(permissionLines({ ...view, files: [{ ...view.files[0]!, change: 'new' }] }, 80, terminalTranslate(await createI18n('zh')))[0]!)).toBe('a.txt (新文件) +1 −1');
  });
});

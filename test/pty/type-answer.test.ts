import { afterEach, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PtyProgram, screenUntil, typeAnswer } from '../../server/pty/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/programs/pty/${name}`, import.meta.url));
const started: PtyProgram[] = [];

async function waiting(command: string, args: string[]): Promise<PtyProgram> {
  const p = PtyProgram.spawn({ command, args, cols: 100, rows: 20 });
  started.push(p);
  expect(await p.waitForInput()).toBe('waiting');
  return p;
}

afterEach(async () => {
  for (const p of started.splice(0)) {
    await p.kill();
    p.dispose();
  }
});

describe('typeAnswer presses Enter only on text the screen showed or answered', () => {
  test('a raw-mode field that does not echo and does not change the screen: refused, no Enter, the screen quoted', async () => {
    const p = await waiting(process.execPath, [fixture('raw-line-reader.mjs'), 'silent']);
    const typed = await typeAnswer(p, 'abc');
    expect(typed.ok).toBe(false);
    if (typed.ok) return;
    expect(typed.error).toContain('typed "abc": the screen neither showed it nor changed');
    expect(typed.error).toContain('Enter was not pressed');
    expect(typed.error).toContain('--- screen ---\nToken:');
    // No Enter reached the program: it is still reading, and takes the line only when Enter comes.
    expect(p.exitInfo).toBeNull();
    expect(p.transcript).not.toContain('got');
    p.press('enter');
    expect((await p.exited).output).toContain('got "abc"');
  });

  test('a raw-mode field that echoes: Enter once the text is in the field, the program gets exactly it', async () => {
    const p = await waiting(process.execPath, [fixture('raw-line-reader.mjs'), 'echo']);
    expect(await typeAnswer(p, 'abc')).toEqual({ ok: true });
    expect((await p.exited).output).toContain('got "abc"');
  });

  test('a masked field (one * per character): the screen answered, so Enter is pressed', async () => {
    const p = await waiting(process.execPath, [fixture('raw-line-reader.mjs'), 'mask']);
    expect(await typeAnswer(p, 'abc')).toEqual({ ok: true });
    expect((await p.exited).output).toContain('got "abc"');
  });

  test('a cooked line with echo (read -p): Enter after the terminal echoed the text', async () => {
    const p = await waiting('bash', [fixture('read-prompt.sh')]);
    expect(await typeAnswer(p, 'gatehouse')).toEqual({ ok: true });
    expect(await screenUntil(p, () => p.screen().lines.includes('Hello gatehouse'), Date.now() + 30_000)).toBe('met');
  });

  test('a hidden line (read -s, echo off in canonical mode): typed unseen, knowingly, and said so', async () => {
    const p = await waiting('bash', [fixture('hidden-line.sh')]);
    expect(await typeAnswer(p, 's3cret')).toEqual({ ok: true, hidden: true });
    const exit = await p.exited;
    expect(exit.output).toContain('got 6 characters: s3cret');
    expect(exit.output).not.toContain('Password: s3cret');
  });
});

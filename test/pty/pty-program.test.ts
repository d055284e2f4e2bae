import { afterEach, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { groupAlive, mapSelection, pickOption, PtyProgram, readFullMenu, screenUntil, typeAnswer } from '../../server/pty/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/programs/pty/${name}`, import.meta.url));
const started: PtyProgram[] = [];

function run(command: string, args: string[], rows = 30): PtyProgram {
  const p = PtyProgram.spawn({ command, args, cols: 120, rows, cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  started.push(p);
  return p;
}

afterEach(async () => {
  for (const p of started.splice(0)) {
    await p.kill();
    p.dispose();
  }
});

describe('PtyProgram on ordinary interactive programs (one code path, no special cases)', () => {
  test('read -p prompts: detected from /proc, answered by typing; banners and answered questions never become the prompt', async () => {
    const p = run('bash', [fixture('read-prompt.sh')]);
    expect(await p.waitForInput()).toBe('waiting');
    expect(p.lastWaitSignal).toBe('proc-read');
    expect(p.read()).toMatchObject({ prompt: 'Project name?', options: [], answer_with: 'text' });
    p.pressKeys([{ text: 'gatehouse' }, 'enter']);
    expect(await p.waitForInput()).toBe('waiting');
    expect(p.read()).toMatchObject({ prompt: 'Continue? (y/n)', options: [], answer_with: 'text' });
    expect(p.blockSinceLastInput()).toEqual(['Hello gatehouse', 'Continue? (y/n)']);
    p.pressKeys([{ text: 'y' }, 'enter']);
    expect(await p.waitForInput()).toBe('exited');
    const exit = await p.exited;
    expect(exit.exitCode).toBe(0);
    expect(exit.output).toContain('bye y');
  });

  test('numbered menu: options listed, answered with the typed number', async () => {
    const p = run('bash', [fixture('numbered-menu.sh')]);
    expect(await p.waitForInput()).toBe('waiting');
    const menu = p.read();
    expect(menu).toMatchObject({ prompt: 'Choose a fruit:\nEnter number:', options: ['1) apple', '2) banana', '3) cherry'], labels: ['1', '2', '3'], answer_with: 'text', kind: 'text' });
    p.pressKeys([{ text: '2' }, 'enter']);
    expect(await p.waitForInput()).toBe('exited');
    expect((await p.exited).output).toContain('You picked 2');
  });

  test('prompts@2.4.2 select longer than its window: every option collected by scrolling, the picked one applied', async () => {
    const p = run('node', [fixture('prompts-select.mjs'), '14']);
    expect(await p.waitForInput()).toBe('waiting');
    const first = p.read();
    expect(first.prompt).toBe('? Select a part to import › - Use arrow-keys. Return to submit.');
    expect(first.options).toHaveLength(10);
    const full = await readFullMenu(p, first);
    expect(full.options).toHaveLength(14);
    expect(full.options[13]).toBe('[jlcpcb] PART-14 (C1013) - item 14');
    expect(full.cursor_index).toBe(0);
    const target = mapSelection(full.options, 'PART-12');
    expect(target).toBe(11);
    expect(await pickOption(p, p.read(), target, full.options)).toMatchObject({ ok: true });
    expect(await p.waitForInput()).toBe('exited');
    expect((await p.exited).output).toContain('Picked 12');
  });

  test('@inquirer/prompts select: prompt line, options without the pointer, key-hint footer dropped', async () => {
    const p = run('node', [fixture('inquirer-select.mjs')]);
    expect(await p.waitForInput()).toBe('waiting');
    const menu = await readFullMenu(p, p.read());
    expect(menu).toMatchObject({ prompt: '? Pick a fruit', options: ['Apple', 'Banana', 'Cherry'], cursor_index: 0, answer_with: 'option' });
    expect(await pickOption(p, p.read(), mapSelection(menu.options, 'Cherry'), menu.options)).toMatchObject({ ok: true });
    expect(await p.waitForInput()).toBe('exited');
    expect((await p.exited).output).toContain('You chose cherry');
  });

  test('a (Y/n) question painted over by a spinner still reaches the reader', async () => {
    const p = run('node', [fixture('spinner-confirm.mjs')]);
    expect(await p.waitForInput()).toBe('waiting');
    expect(p.read()).toMatchObject({ prompt: 'Add the @tsci registry to .npmrc? (Y/n)', options: [], answer_with: 'text' });
    p.pressKeys([{ text: 'n' }, 'enter']);
    expect(await p.waitForInput()).toBe('exited');
    expect((await p.exited).output).toContain('answer=n');
  });
});

describe('waiting for input, told by /proc', () => {
  test('a Node menu idling on its terminal is found waiting, read whole, and the pick lands', async () => {
    const p = run('node', [fixture('prompts-select.mjs'), '5']);
    expect(await p.waitForInput()).toBe('waiting');
    expect(p.read().options).toHaveLength(5);
    expect(await pickOption(p, p.read(), 3, p.read().options)).toMatchObject({ ok: true });
    expect((await p.exited).output).toContain('Picked 4');
  });

  test('/proc tells a menu waits though its program also wrote elsewhere; the proof written to the terminal is never seen', async () => {
    // /proc counts the 64 KB written to /dev/null as written: a count of bytes received against bytes written
    // could never say the frame had arrived. The marker placed behind the frame can.
    const p = run('node', [fixture('menu-writing-elsewhere.mjs'), '5']);
    expect(await p.waitForInput()).toBe('waiting');
    const deadline = Date.now() + 5000;
    while (!p.waitsForInputNow() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(p.waitsForInputNow()).toBe(true);
    expect(p.read().options).toHaveLength(5);
    expect(await pickOption(p, p.read(), 1, p.read().options)).toMatchObject({ ok: true });
    const exit = await p.exited;
    expect(exit.output).toContain('Picked 2');
    expect(exit.output).not.toContain('\x1b]7717;');
    expect(p.screen().lines.join('\n')).not.toContain('7717');
  });

  test('a menu whose program keeps writing elsewhere while it idles (no proof can hold): found waiting by the screen, picked', async () => {
    const p = run('node', [fixture('menu-writing-elsewhere-always.mjs'), '5']);
    expect(await p.waitForInput({ timeoutMs: 10_000 })).toBe('waiting');
    expect(p.read().options).toHaveLength(5);
    expect(await pickOption(p, p.read(), 2, p.read().options)).toMatchObject({ ok: true });
    expect((await p.exited).output).toContain('Picked 3');
  });

  test('a Node program that printed and works on without reading its terminal is not taken for waiting', async () => {
    const p = run('node', ['-e', 'console.log("Working..."); setTimeout(() => console.log("done"), 700)']);
    expect(await p.waitForInput()).toBe('exited');
    expect((await p.exited).output).toContain('done');
  });
});

describe('terminal behaviour', () => {
  test('a list re-drawn between the last check and Enter: the wrong pick is seen and said loudly, never taken for done', async () => {
    for (const [args, taken] of [[[], 'gamma'], [['--echo'], 'gamma'], [['--window'], 'epsilon']] as const) {
      const p = run(process.execPath, [fixture('reorder-on-enter.mjs'), ...args]);
      expect(await p.waitForInput()).toBe('waiting');
      const menu = p.read();
      expect(menu).toMatchObject({ options: ['alpha', 'beta', 'gamma', 'delta'], cursor_index: 0 });
      const result = await pickOption(p, menu, 1);
      expect(result).toMatchObject({ ok: false, wrongPick: taken });
      expect(!result.ok && result.error).toMatch(new RegExp(`^WRONG PICK: Enter was taken on "${taken}", not on "beta"`));
      expect((await p.exited).output).toContain(`received: ${taken}`);
    }
  });

  test('the headless terminal answers a cursor position query', async () => {
    const p = run('bash', ['-c', `printf 'xy\\e[6n'; IFS= read -rsd R reply; printf '\\nreport=%s\\n' "\${reply#*[}"`]);
    expect((await p.exited).output).toContain('report=1;3');
  });

  test('arrows follow application cursor mode', async () => {
    const p = run('bash', ['-c', `stty raw -echo; printf '\\e[?1h'; sleep 0.2; dd bs=1 count=6 2>/dev/null | od -An -tx1; stty sane`]);
    await p.waitForInput();
    p.pressKeys(['up', 'down']);
    const out = (await p.exited).output;
    expect(out.replace(/\s+/g, ' ')).toContain('1b 4f 41 1b 4f 42');
  });

  test('no output is lost at exit', async () => {
    for (let i = 0; i < 5; i++) {
      const p = run('bash', ['-c', 'for i in $(seq 1 3000); do echo "line $i of the tail"; done']);
      const exit = await p.exited;
      expect(exit.exitCode).toBe(0);
      expect(exit.output).toContain('line 3000 of the tail');
      expect(exit.output.match(/of the tail/g)).toHaveLength(3000);
    }
  });

  test('kill ends the whole process group, including a child that ignores SIGHUP and SIGTERM', async () => {
    const p = run('bash', ['-c', `bash -c 'trap "" HUP TERM; echo child=$$; while :; do sleep 1; done' & wait`]);
    await expect.poll(() => /child=(\d+)/.exec(p.transcript)?.[1]).toBeTruthy();
    const child = Number(/child=(\d+)/.exec(p.transcript)![1]);
    await p.kill(200);
    expect(groupAlive(p.pid)).toBe(false);
    expect(() => process.kill(child, 0)).toThrow();
  });
});

describe('process group after a normal exit', () => {
  test('a background child that ignores SIGHUP does not survive the program that started it', async () => {
    const p = run('bash', ['-c', `bash -c 'trap "" HUP TERM; while :; do sleep 1; done' & echo child=$!; exit 0`]);
    const exit = await p.exited;
    expect(exit.exitCode).toBe(0);
    const child = Number(/child=(\d+)/.exec(exit.output)![1]);
    await expect.poll(() => groupAlive(p.pid), { timeout: 5000 }).toBe(false);
    expect(() => process.kill(child, 0)).toThrow();
  });
});

/** A program started and waiting for input. */
async function waiting(command: string, args: string[]): Promise<PtyProgram> {
  const p = run(command, args);
  expect(await p.waitForInput()).toBe('waiting');
  return p;
}

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

  test('a field redrawn in place above a cursor resting under it (Ink, Qwen Code): Enter is still wanted', async () => {
    const p = await waiting(process.execPath, [fixture('raw-line-reader.mjs'), 'below']);
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

import type { PtyProgram } from './pty-program.js';
import type { Reading } from './reading.js';

/** Resolves once no output has been parsed for `ms` (a frame drawn in several writes is complete), or at `deadline`. */
export async function quietFor(program: PtyProgram, ms: number, deadline: number): Promise<void> {
  await program.screenBuffer.parsed();
  await new Promise<void>((resolve) => {
    let timer = setTimeout(done, Math.max(0, Math.min(ms, deadline - Date.now())));
    const off = program.screenBuffer.onParsed(() => {
      clearTimeout(timer);
      timer = setTimeout(done, Math.max(0, Math.min(ms, deadline - Date.now())));
    });
    function done() {
      off();
      resolve();
    }
  });
}

/** Waits for the next parsed output, or until `deadline`. */
export function nextOutput(program: PtyProgram, deadline: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const off = program.screenBuffer.onParsed(() => {
      off();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      off();
      resolve();
    }, Math.max(1, deadline - Date.now()));
  });
}

/**
 * The reading of a screen with no output left unread: pty output already sent is taken in (one turn of the
 * event loop) and parsed, until a turn brings nothing new. The caller acts on it in the same tick.
 */
export async function freshRead(program: PtyProgram): Promise<Reading> {
  for (let turn = 0; turn < 5; turn++) {
    const version = program.screenBuffer.version;
    await new Promise<void>((resolve) => setImmediate(resolve));
    await program.screenBuffer.parsed();
    if (program.screenBuffer.version === version) break;
  }
  return program.peek();
}

/**
 * Waits for a condition on the screen: checked on every parsed output, resolves 'met' once `holds()` is true
 * (on the final screen too: the program's last output is parsed before its exit is told), 'exited' when the
 * program exited without it, 'timeout' at `deadline`.
 */
export async function screenUntil(program: PtyProgram, holds: () => boolean, deadline: number): Promise<'met' | 'exited' | 'timeout'> {
  for (;;) {
    await program.screenBuffer.parsed();
    if (holds()) return 'met';
    if (program.exitInfo) return 'exited';
    if (Date.now() >= deadline) return 'timeout';
    await Promise.race([nextOutput(program, deadline), program.exited]);
  }
}

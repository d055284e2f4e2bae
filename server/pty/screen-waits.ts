import type { PtyProgram } from './pty-program.js';
import type { Reading } from './reading.js';

/** How often /proc is looked at while a frame is awaited. */
const PROC_POLL_MS = 2;

/**
 * The program took the last input and waits for the next (/proc, see PtyProgram.waitsForInputNow), with every
 * byte it wrote before that on the screen: its answer is complete.
 */
async function answerComplete(program: PtyProgram): Promise<boolean> {
  await program.screenBuffer.parsed();
  return program.waitsForInputNow() && (await program.outputTakenIn());
}

/**
 * Waits for a complete frame: resolves as soon as /proc shows the program took the last input and waits again
 * with its output parsed, or (where /proc cannot tell) once no output has been parsed for `quietMs`, or at
 * `deadline`. Waiting again says the frame is whole, not that the input was read: the caller proves that by
 * the screen.
 */
export async function frameDone(program: PtyProgram, quietMs: number, deadline: number): Promise<void> {
  let lastOutput = Date.now();
  const off = program.screenBuffer.onParsed(() => (lastOutput = Date.now()));
  try {
    for (;;) {
      if (program.exitInfo || (await answerComplete(program))) return;
      const now = Date.now();
      if (now - lastOutput >= quietMs || now >= deadline) return;
      await nextOutput(program, Math.min(deadline, lastOutput + quietMs, now + PROC_POLL_MS));
    }
  } finally {
    off();
  }
}

/**
 * Waits for the next parsed output, or until /proc shows the program took the last input without drawing
 * anything (PtyProgram.tookLastInput, looked at every few ms), or `deadline`. True when it took it so.
 */
export async function outputOrTaken(program: PtyProgram, deadline: number): Promise<boolean> {
  const version = program.screenBuffer.version;
  for (;;) {
    await nextOutput(program, Math.min(deadline, Date.now() + PROC_POLL_MS));
    await program.screenBuffer.parsed();
    if (program.exitInfo || program.screenBuffer.version !== version || Date.now() >= deadline) return false;
    if (program.tookLastInput() && (await program.outputTakenIn()) && program.screenBuffer.version === version) return true;
  }
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

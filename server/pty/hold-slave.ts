import { closeSync, constants, existsSync, openSync } from 'node:fs';

/**
 * node-pty can drop the tail of the output when the child exits (the master hits EIO and the stream is torn
 * down with data still pending). Keep our own descriptor on the slave so the master never sees EIO while the
 * child lives, and release it once the child is gone and nothing more has come for a moment (a poll phase ran
 * in between): by then its output has been read. Returns the release function (idempotent).
 */
export function holdSlaveUntilGone(tty: string, pid: number, lastDataAt: () => number, exited: () => boolean): () => void {
  let fd: number;
  try {
    fd = openSync(tty, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    return () => {};
  }
  let released = false;
  const release = () => {
    clearInterval(timer);
    if (released) return;
    released = true;
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
  };
  let goneAt = 0;
  const timer = setInterval(() => {
    if (!goneAt && (exited() || !existsSync(`/proc/${pid}`))) goneAt = Date.now();
    if (goneAt && Date.now() - Math.max(goneAt, lastDataAt()) >= 20) {
      clearInterval(timer);
      setImmediate(release);
    }
  }, 5);
  timer.unref();
  return release;
}

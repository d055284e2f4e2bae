import { closeSync, constants, existsSync, openSync } from 'node:fs';

/**
 * node-pty can drop the tail of the output when the child exits (the master hits EIO and the stream is torn
 * down with data still pending). Keep our own descriptor on the slave so the master never sees EIO while the
 * child lives, and release it once the child is gone and nothing more has come for a moment (a poll phase ran
 * in between): by then its output has been read. Returns the release function (idempotent); `onRelease` is
 * called once the slave is let go (at once when it could not be held).
 */
export function holdSlaveUntilGone(tty: string, pid: number, lastDataAt: () => number, exited: () => boolean, onRelease: () => void = () => {}): () => void {
  let fd: number;
  try {
    fd = openSync(tty, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    onRelease();
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
    onRelease();
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

/** How long the read stream may take to read what is left and close by itself once the slave is released. */
const DRAIN_GRACE_MS = 1000;
/** The longest node-pty's teardown is put off in any case. */
const MAX_TEARDOWN_DELAY_MS = 5000;

/**
 * node-pty tears its read stream down 200 ms after the child's exit is reported unless the stream has closed
 * by itself — dropping output still unread, which happens whenever the event loop was busy for a moment (the
 * megabyte a program printed just before exiting loses its last lines). While we hold the slave the stream
 * cannot close, so that teardown is put off until `released` and then given `DRAIN_GRACE_MS` to read the rest
 * and close on its own (EIO after the last byte); only a stream still open then (a grandchild keeps the slave)
 * is torn down, and never later than `MAX_TEARDOWN_DELAY_MS` after node-pty asked. While the teardown waits, a
 * timer keeps the process alive (the exit is still to be reported). Relies on node-pty 1.x keeping the stream
 * as `_socket`; without it nothing changes.
 */
export function deferTeardownUntilDrained(pty: object, released: Promise<void>): void {
  type Stream = { destroy?: (...args: unknown[]) => unknown; destroyed?: boolean; once?: (event: 'close', listener: () => void) => void };
  const socket = (pty as { _socket?: Stream })._socket;
  if (!socket || typeof socket.destroy !== 'function' || typeof socket.once !== 'function') return;
  const destroy = socket.destroy.bind(socket);
  let drained = false;
  let teardown: unknown[] | null = null;
  // Our slave-watch timers do not keep the process alive; while a teardown waits, this does (the exit is still to come).
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  const finish = () => {
    drained = true;
    clearInterval(keepAlive);
    if (teardown && !socket.destroyed) destroy(...teardown);
  };
  socket.once('close', () => clearInterval(keepAlive));
  void released.then(() => setTimeout(finish, DRAIN_GRACE_MS).unref());
  socket.destroy = (...args: unknown[]) => {
    // The stream's own end (EIO after the last byte, or any read error) goes through at once; only a teardown
    // without an error — node-pty's timer — waits.
    if (drained || args[0] instanceof Error) return destroy(...args);
    teardown = args;
    if (!keepAlive) {
      keepAlive = setInterval(() => undefined, 1000);
      setTimeout(finish, MAX_TEARDOWN_DELAY_MS).unref(); // never later than this, whatever holds the slave
    }
    return socket;
  };
}

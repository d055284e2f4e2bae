/**
 * One notification operation at a time (show, read, close, replace). In Chromium a getNotifications() that runs while a
 * showNotification() is still pending can make that notification vanish for good (issue 32): every operation on the
 * worker's notifications goes through here, each starting once the one before it has settled.
 */
let tail: Promise<unknown> = Promise.resolve();

export function serially<T>(operation: () => Promise<T>): Promise<T> {
  const run = tail.then(operation, operation);
  tail = run.catch(() => undefined);
  return run;
}

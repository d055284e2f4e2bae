/**
 * True while the process `pid` exists (also when it belongs to another user: EPERM). A negative pid asks
 * about a process group: true while any member of group `-pid` exists. The one liveness check of the project.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Why a task is in the state it is in: one line per status change naming the signal that decided it (the
// screen read as idle or as a question, the agent's own hook, an answer handler, a person, the process's exit).
import type { TaskState } from './task-types.js';

/** Lines kept per task (the newest). */
export const EXPLAIN_LINES = 40;

export function recordExplain(task: TaskState, signal: string): void {
  const line = `${new Date().toISOString().slice(11, 23)} ${task.status} ← ${signal}`;
  task.explain = [...(task.explain ?? []), line].slice(-EXPLAIN_LINES);
}

/** A signal that changed no status but tells what the task went by (the CLI's own state, a notice, a hook set aside). */
export function noteExplain(task: TaskState, note: string): void {
  const line = `${new Date().toISOString().slice(11, 23)} ${task.status} · ${note}`;
  task.explain = [...(task.explain ?? []), line].slice(-EXPLAIN_LINES);
}

/** The last non-empty lines of a screen, for an error that shows the program's own words. */
export function screenTail(screen: string, lines = 6): string {
  return screen
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '')
    .slice(-lines)
    .join('\n');
}

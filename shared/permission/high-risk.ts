import type { PermissionView } from './view.js';

/**
 * A request graded high risk (shared/permission/risk.ts): never approved from a notification or a lock screen, and on
 * the page its safe answer is the default and approving takes a second step. A view without a grade (made before the
 * hub graded requests) is not high.
 */
export function isHighRisk(view: PermissionView | null | undefined): boolean {
  return view?.risk?.grade === 'high';
}

/** Options that refuse what a permission gate asks ("No", "No, and never …"); every other option approves it. */
export const REFUSING_OPTIONS: ReadonlySet<string> = new Set(['no', 'never']);

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where specs put screenshots for people to look at: test-results/screenshots/ in the project (ignored by git,
 * emptied by Playwright at the start of each run), never a fixed /tmp path.
 */
export const SHOTS_DIR = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** The path for screenshot `name` (the folder is created on first use). */
export function shotPath(name: string): string {
  mkdirSync(SHOTS_DIR, { recursive: true });
  return join(SHOTS_DIR, name);
}

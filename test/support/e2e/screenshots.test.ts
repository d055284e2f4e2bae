import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOTS_DIR } from './screenshots.js';

describe('screenshot folder', () => {
  it('is test-results/screenshots/ at the project root, where Playwright writes and empties its results', () => {
    const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
    expect(SHOTS_DIR).toBe(join(projectRoot, 'test-results', 'screenshots', '/'));
  });
});

import { describe, expect, it } from 'vitest';
import type { HubContext } from '../hub/context.js';
import { warmFirstPage } from './warm-first-page.js';

// run-hub.ts starts this after hub.json is written and only logs a failure: a broken import or renderer here would
// go unnoticed, with the first page quietly slow again.
describe('warmFirstPage', () => {
  for (const language of ['en', 'zh'] as const) {
    it(`loads and runs the Markdown renderer and the ${language} gate page catalog`, async () => {
      const ctx = { settings: { get: () => ({ effective_language: language }) } } as unknown as HubContext;
      await expect(warmFirstPage(ctx)).resolves.toBeUndefined();
    });
  }
});

import type { HubContext } from '../hub/context.js';
import { preloadChoiceSsr } from './choice-ssr.js';
import { pageCatalog } from './page-catalog.js';
import { webDistDir } from './web-assets.js';

/**
 * What a choice page needs beyond the hub's start — the Markdown renderer (marked + sanitize-html, loaded on demand),
 * the page's catalog and the page's server render (choice-ssr.ts) — loaded and run once while a just-started hub waits for its first request, so the first
 * page an agent hands out answers as fast as the next ones (run by run-hub.ts after hub.json is written).
 */
export async function warmFirstPage(ctx: HubContext): Promise<void> {
  const { promptHtml } = await import('./prompt-html.js');
  promptHtml('**gatehouse** warms up: `code`, a [link](https://example.invalid) and\n\n- [ ] a task');
  await pageCatalog(ctx.settings.get().effective_language, { page: 'choice', access: 'gate' });
  preloadChoiceSsr(webDistDir(), (err) => ctx.log.warn({ err: err.message }, 'the choice page server render could not be loaded; the bundle draws the page'));
}

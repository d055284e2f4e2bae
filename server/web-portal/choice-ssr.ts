import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PortalBoot } from './boot-data.js';

/** The server render the portal build makes beside its bundle (web/ssr/render-choice-page.tsx, vite.ssr.config.ts). */
interface ChoiceSsr {
  renderChoicePage(boot: PortalBoot): string;
}

const loaded = new Map<string, ChoiceSsr | null>();

/**
 * A choice page's first HTML, rendered with the portal's own components (the question and its form, answerable before
 * the bundle runs), or '' when it cannot be: no server render in this build (`webDist`/ssr/), a page that is not a
 * pending choice, or a render that threw (`onError` hears why; the page still loads, as before, from the bundle).
 * The file is loaded on first use — the hub's warm-up does that (warm-first-page.ts), not its start.
 */
export function choicePageHtml(webDist: string, boot: PortalBoot, onError: (err: Error) => void): string {
  if (boot.page !== 'choice' || boot.session?.status !== 'pending') return '';
  const ssr = choiceSsr(webDist, onError);
  if (!ssr) return '';
  try {
    return ssr.renderChoicePage(boot);
  } catch (err) {
    onError(err as Error);
    return '';
  }
}

/** Loads the server render ahead of the first page (the hub's warm-up); false when this build has none. */
export function preloadChoiceSsr(webDist: string, onError: (err: Error) => void): boolean {
  return choiceSsr(webDist, onError) !== null;
}

function choiceSsr(webDist: string, onError: (err: Error) => void): ChoiceSsr | null {
  if (!loaded.has(webDist)) {
    const file = join(webDist, 'ssr', 'render-choice-page.cjs');
    let ssr: ChoiceSsr | null = null;
    try {
      if (existsSync(file)) ssr = createRequire(file)(file) as ChoiceSsr;
    } catch (err) {
      onError(err as Error);
    }
    loaded.set(webDist, ssr);
  }
  return loaded.get(webDist)!;
}

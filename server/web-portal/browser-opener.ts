import type { HubContext } from '../hub/context.js';
import { choiceUrl } from '../hub/handoff.js';
import { canOpenBrowser } from '../platform/browser-availability.js';
import { openBrowser, sshForwardHint } from '../platform/open-browser.js';

/**
 * New web interactions: open the default browser when one can be opened here; otherwise log the URL with
 * a one-line SSH port-forward hint, and add the same line to the session's notices (which the agent's
 * start answer carries) so the agent can pass it on.
 */
export function openBrowserForNewWebSessions(ctx: HubContext, env: NodeJS.ProcessEnv = process.env): void {
  ctx.sessions.on('created', (session) => {
    if (session.interface !== 'web') return;
    const url = choiceUrl(ctx.baseUrl(), ctx.token, session.id);
    if (ctx.config.openBrowser && canOpenBrowser(env)) {
      void openBrowser(url, env).then((opened) => {
        if (!opened) ctx.log.warn(`open this interaction in a browser: ${url}`);
      });
      return;
    }
    const hint = sshForwardHint(Number(new URL(ctx.baseUrl()).port));
    ctx.log.warn(`no browser can be opened here; open ${url} — ${hint}`);
    // The session object is the hub's own; the start answer is built from it right after 'created'.
    session.notices.push(`No browser could be opened on the hub's machine: give the user the url. ${hint}`);
  });
}

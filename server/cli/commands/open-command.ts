import { ensureHub } from '../../hub-client/ensure-hub.js';
import { portalUrl } from '../../hub/handoff.js';
import { openBrowser, sshForwardHint } from '../../platform/open-browser.js';
import type { CliCommand } from '../command.js';

export const openCommand: CliCommand = {
  name: 'open',
  summary: "open the portal (interaction list and history) in the browser, or print its URL",
  help: `Usage: gatehouse open [--print]

Starts the hub if needed and opens the portal's root — every active interaction plus recent ones — with the
credential it needs. When no browser can be opened (SSH, no display) the URL is printed instead.

Options:
  --print   only print the URL`,
  options: { print: { type: 'boolean' } },
  async run(args, io) {
    const hub = await ensureHub();
    const url = portalUrl(hub.baseUrl, hub.token);
    io.stdout.write(url + '\n');
    if (args.values.print !== true && !(await openBrowser(url))) io.stderr.write(sshForwardHint(Number(new URL(hub.baseUrl).port)) + '\n');
    return 0;
  },
};

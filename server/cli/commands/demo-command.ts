import type { ChoiceSessionView } from '../../../shared/choice/session-types.js';
import { choiceUrl } from '../../hub/handoff.js';
import { ensureHub } from '../../hub-client/ensure-hub.js';
import { canOpenBrowser } from '../../platform/browser-availability.js';
import { sshForwardHint } from '../../platform/open-browser.js';
import type { CliCommand } from '../command.js';
import { commandLineLike } from '../command-line-hint.js';

export const DEMO_REQUEST = {
  title: 'Demo: which database should the new service use?',
  prompt: [
    '**Task:** scaffolding the `orders` service for a new checkout flow.',
    '',
    'The service needs a primary datastore and the repository has no configuration for one yet, so the agent',
    'stopped to ask instead of guessing. Pick one (add a note if you like) — or cancel.',
  ].join('\n'),
  options: [
    { id: 'pg', label: 'PostgreSQL', description: 'Relational, mature, already used by the billing service.', recommended: true },
    { id: 'sqlite', label: 'SQLite', description: 'Embedded, zero setup; fine for a single instance.' },
    { id: 'mongo', label: 'MongoDB', description: 'Document store; flexible schema, new to this team.' },
  ],
  selection_mode: 'single',
  allow_free_text: true,
  interface: 'web',
  timeout_seconds: 600,
};

export const demoCommand: CliCommand = {
  name: 'demo',
  summary: 'start the hub, create a sample interaction, open it and print the answer',
  help: `Usage: gatehouse demo [--no-wait]

Starts the hub (if it is not running), creates one sample choice — what an agent's provide_choice call
creates — prints its URL and terminal command, opens the browser when one can be opened, then waits for the
answer and prints the typed result the agent would get.

Options:
  --no-wait   create the interaction and exit without waiting for the answer`,
  options: { 'no-wait': { type: 'boolean' } },
  async run(args, io) {
    const hub = await ensureHub();
    const created = await hub.request<{ session: ChoiceSessionView; url: string; terminal_command: string }>('POST', '/api/sessions', DEMO_REQUEST);
    // The person's own entry point: the portal with the hub's credential (`url` is the gate link an agent gets).
    io.stdout.write(`Sample interaction ${created.session.id} is waiting for you.\n  open:     ${choiceUrl(hub.baseUrl, hub.token, created.session.id)}\n  terminal: ${created.terminal_command}\n`);
    // The hub opens the browser for every new web interaction when one can be opened here.
    if (!canOpenBrowser()) io.stdout.write(`  (no browser can be opened here) ${sshForwardHint(Number(new URL(hub.baseUrl).port))}\n`);
    if (args.values['no-wait'] === true) {
      io.stdout.write(stopHint(created.terminal_command));
      return 0;
    }
    io.stdout.write('Waiting for the answer (Ctrl-C to stop waiting; the hub keeps running)…\n');
    for (;;) {
      const { session } = await hub.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${created.session.id}/wait?seconds=50`);
      if (session.status !== 'pending') {
        io.stdout.write(JSON.stringify(session.result, null, 2) + '\n');
        io.stdout.write(stopHint(created.terminal_command));
        return 0;
      }
    }
  },
};

/** Where the demo ends: the hub keeps running in the background; say how to see it and how to stop it. */
function stopHint(terminalCommand: string): string {
  return [
    'The hub keeps running in the background for the next question (it exits by itself when idle).',
    `  status: ${commandLineLike(terminalCommand, 'status')}`,
    `  stop:   ${commandLineLike(terminalCommand, 'stop')}`,
    '',
  ].join('\n');
}

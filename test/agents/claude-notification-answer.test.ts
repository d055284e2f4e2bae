// Issue 32 with the real Claude Code: its permission request, put to the person by gatehouse's hook (installed with
// `gatehouse hooks install claude`), reaches the portal — open in real Chromium, notifications granted, its tab really
// hidden behind another (test/support/e2e/cdp-chromium.ts) — as a notification; the notification's action, dispatched in
// the service worker as Chromium dispatches it, is the answer the CLI gets: "Yes, once" runs the command, "No" refuses
// it; `gatehouse policy log` records the person's answer through the notification.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionRecord } from '../../server/policy/index.js';
import { COMMAND, fileExists, installedByHand, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';
import { startCdpChromium, type CdpChromium } from '../support/e2e/cdp-chromium.js';
import { openHiddenPortal, type HiddenPortal } from '../support/e2e/hidden-portal.js';
import { runCli } from '../support/run-cli.js';
import { recordTestedWith } from './tested-with.js';

let chromium: CdpChromium | null = null;
let run: HookRun | null = null;
afterEach(async () => {
  for (const page of chromium?.context.pages() ?? []) await page.close().catch(() => undefined);
  await run?.close();
  run = null;
});
afterAll(async () => {
  await chromium?.stop();
});

/** Claude Code with the hook installed, the portal open and hidden, the prompt given: until its gate's notification. */
async function askedInNotification(): Promise<{ run: HookRun; hidden: HiddenPortal; gate: string }> {
  run = await startHookRun('claude', { hub: true, configure: installedByHand('claude') });
  const hidden = await openHiddenPortal(run.hub!, chromium!.context, 'behind');
  await run.cli.waitFor('? for shortcuts');
  await run.cli.submit(PROMPT);
  const question = await run.pendingQuestion();
  expect(question.request.prompt).toContain(COMMAND);
  await hidden.shown(question.id);
  const notes = await hidden.notifications();
  expect(notes.map((n) => ({ title: n.title, body: n.body.split('\n')[1], tag: n.tag, actions: n.actions }))).toEqual([
    {
      title: 'Claude Code: allow Bash?',
      body: COMMAND,
      tag: `gate:${question.id}`,
      actions: [
        { action: 'answer:yes', title: 'Yes, once' },
        { action: 'answer:no', title: 'No' },
      ],
    },
  ]);
  return { run, hidden, gate: question.id };
}

/** `gatehouse policy log --json`: the hub's record of every permission request. */
async function policyLog(hookRun: HookRun): Promise<PermissionRecord[]> {
  const log = runCli(['policy', 'log', '--json'], hookRun.hub!.env, { cwd: hookRun.launch.cwd });
  expect(await log.code).toBe(0);
  return (JSON.parse(log.stdout()) as { records: PermissionRecord[] }).records;
}

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code answered from a notification action', () => {
  beforeAll(async () => {
    chromium = await startCdpChromium();
  });
  beforeEach(() => recordTestedWith('claude', 'hooks', { covers: 'a permission request answered from the portal notification’s “Yes, once” / “No” action' }));

  it('"Yes, once" from the notification: the CLI runs the command; the log says the person answered there', async () => {
    const { run, hidden, gate } = await askedInNotification();
    await hidden.click(gate, 'answer:yes');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0]!.isError).toBe(false);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    await run.cli.waitFor('All done.');
    const [record, ...others] = await policyLog(run);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ agent: 'claude', tool: 'Bash', detail: COMMAND, decision: 'allow', gate, decided_by: { kind: 'person', via: 'notification', option: 'yes', text: 'the person (notification): yes' } });
  }, 180_000);

  it('"No" from the notification: the command does not run and the model is told the person said No', async () => {
    const { run, hidden, gate } = await askedInNotification();
    await hidden.click(gate, 'answer:no');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0]).toMatchObject({ isError: true });
    expect(seen.toolResults[0]!.output).toContain('The person said No through gatehouse');
    expect(fileExists(run.madeFile)).toBe(false);
    const [record] = await policyLog(run);
    expect(record).toMatchObject({ detail: COMMAND, decision: 'deny', gate, decided_by: { kind: 'person', via: 'notification', option: 'no' } });
  }, 180_000);
});

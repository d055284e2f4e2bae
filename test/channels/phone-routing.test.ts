import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookCommandLine } from '../../server/agents/hook-command-line.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { endedNotification, notificationFor, ntfyEnv } from '../support/ntfy-channel.js';
import { NtfyStandin } from '../support/ntfy-standin.js';
import { TelegramBotApiStandin } from '../support/telegram-bot-api-standin.js';
import { channelStatus, endedMessage, messageFor, until } from '../support/telegram-channel.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

/**
 * `routing:` in policy.yaml decides which phone channel gets a gate and when, with a real hub, the Telegram Bot API
 * stand-in and the ntfy stand-in. Gates here carry no risk grade yet, so they are routed as medium; the grade's
 * own rows (high at once, low after a while) are unit-tested in server/policy/routing.test.ts.
 */
const QUESTION = { prompt: 'Ship it?', options: [{ id: 'y', label: 'Yes' }, { id: 'n', label: 'No' }], interface: 'web', timeout_seconds: 600 };

let telegram: TelegramBotApiStandin;
let ntfy: NtfyStandin;
let hub: TestHub;
let policyFile: string;

beforeAll(async () => {
  telegram = await TelegramBotApiStandin.start();
  ntfy = await NtfyStandin.start();
  const home = await makeTempHome();
  policyFile = join(home, 'policy.yaml');
  writeFileSync(policyFile, 'routing:\n  medium: { channels: [portal, ntfy], phone_after: 2s }\n');
  hub = await startTestHub({
    home,
    env: { ...ntfyEnv(ntfy), GATEHOUSE_TELEGRAM_TOKEN: telegram.token, GATEHOUSE_TELEGRAM_CHAT_ID: String(telegram.owner.chatId), GATEHOUSE_TELEGRAM_API_ROOT: telegram.apiRoot },
  });
  await until(async () => (await channelStatus(hub, 'ntfy'))?.state === 'ok' && (await channelStatus(hub, 'telegram'))?.state === 'ok');
});
afterAll(async () => {
  await hub?.stop();
  await telegram?.stop();
  await ntfy?.stop();
});

async function create(title: string): Promise<ChoiceSessionView> {
  return (await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', { ...QUESTION, title })).session;
}

const sentToTelegram = (title: string) => telegram.calls.some((c) => c.method === 'sendMessage' && String(c.params.text).includes(title));

describe('routing: which phone channel, and after how long', () => {
  it('a channel left out never gets the gate; a listed one gets it once the gate has waited phone_after', async () => {
    const before = performance.now();
    const gate = await create('Routed to ntfy after two seconds');
    const message = await notificationFor(ntfy, gate.id);
    // An ordering, not a speed bound: it cannot go out before the gate is two seconds old (ms rounding aside).
    expect(message.received_at - before).toBeGreaterThanOrEqual(1990);
    await ntfy.tap(message, 'No');
    await endedNotification(ntfy, gate.id);
    expect(sentToTelegram('Routed to ntfy after two seconds')).toBe(false);
  });

  it('a changed routing holds for the next gate, with no restart: now Telegram at once and not ntfy', async () => {
    writeFileSync(policyFile, 'routing:\n  medium: { channels: [portal, telegram], phone_after: 0 }\n');
    const gate = await create('Routed to Telegram at once');
    const message = await messageFor(telegram, gate.id);
    await hub.client.request('POST', `/api/sessions/${gate.id}/submit`, { selected_ids: ['y'], interface: 'web' });
    expect((await endedMessage(telegram, message.message_id)).text).toContain('✅ Yes — answered in the portal');
    expect(ntfy.published.some((m) => m.sequence_id === gate.id)).toBe(false);
  });

  it('an unanswered gate whose routing says on_timeout: deny ends denied, the agent is told it timed out, and the phone says so', async () => {
    writeFileSync(policyFile, 'on_timeout: ask-cli\nrouting:\n  medium: { channels: [portal, ntfy], phone_after: 0, on_timeout: deny }\n');
    const project = await makeTempHome('gatehouse-routing-project-');
    mkdirSync(join(project, '.git'));
    const child = spawn('/bin/sh', ['-c', hookCommandLine('claude', 'PermissionRequest', 10)], { env: { ...hub.env } });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stdin.end(JSON.stringify({ session_id: 'sess-r', hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'make deploy', description: 'd' }, cwd: project, permission_mode: 'default' }));
    const message = await ntfy.waitFor((m) => m.title === 'Claude Code: allow Bash?' && (m.actions?.length ?? 0) > 0);
    await new Promise((resolve) => child.once('close', resolve));
    const decision = JSON.parse(stdout).hookSpecificOutput.decision as { behavior: string; message: string };
    expect(decision.behavior).toBe('deny');
    expect(decision.message).toContain('Timed out: nobody answered within 10 s');
    expect(decision.message).toContain('ask again later or choose another way');
    const ended = await endedNotification(ntfy, message.sequence_id!);
    expect(ended.title).toBe('⌛ Timed out: nobody answered');
  }, 40_000);
});

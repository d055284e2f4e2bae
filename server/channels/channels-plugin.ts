import { notifyUrlFromEnv } from '../config/channel-env.js';
import type { HubPlugin } from '../hub/context.js';
import { gateLink } from '../hub/handoff.js';
import { agentOf } from '../hub/agent-key-guard.js';
import { NOTIFY_CHANNEL, NotifyWebhook } from './notify/notify-webhook.js';
import { registerTelegram } from './telegram/telegram-plugin.js';
import { registerNtfy } from './ntfy/ntfy-plugin.js';
import { personPolicyPath } from '../policy/policy-loader.js';
import { RoutingFile } from '../policy/routing-file.js';

/**
 * Channels that reach the person away from this computer: Telegram and ntfy (answer from the phone) and the generic
 * notify webhook. Their state is added to /api/health as `channels`.
 */
export const channelsPlugin: HubPlugin = async (app, ctx) => {
  const status = ctx.channels;
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    // Only on the hub's own answer (not on a refusal), and not to a paired machine's key: how the person is reached is
    // none of its business.
    request.routeOptions.url === '/api/health' && !agentOf(request) && payload && typeof payload === 'object' && (payload as { ok?: unknown }).ok === true ? { ...payload, channels: status.snapshot() } : payload,
  );

  const notify = notifyUrlFromEnv(process.env);
  if (notify.problem) {
    status.set(NOTIFY_CHANNEL, 'invalid', notify.problem);
    ctx.log.warn({ reason: notify.problem }, 'notify webhook: misconfigured; off');
  } else if (notify.url) {
    const webhook = new NotifyWebhook(notify.url, (id) => gateLink(ctx.baseUrl(), ctx.token, id), status, ctx.log);
    ctx.sessions.on('created', (session) => webhook.gateCreated(session));
  } else {
    status.set(NOTIFY_CHANNEL, 'off', 'not configured (GATEHOUSE_NOTIFY_URL)');
  }

  // Which phone channel gets which gate, and when: the person's `routing:` (policy.yaml), read as it changes.
  const routing = new RoutingFile(personPolicyPath(process.env), (fields, message) => ctx.log.warn(fields, message));
  await registerTelegram(app, ctx, status, routing);
  await registerNtfy(app, ctx, status, routing);
};

import type { FastifyInstance } from 'fastify';
import type { HubContext } from '../../hub/context.js';
import { parseTelegramSettings, TelegramSettingsFile } from '../../settings/telegram-settings.js';
import type { ChannelStatusBoard } from '../../hub/channel-status.js';
import { gateLink } from '../../hub/handoff.js';
import { SentMessages } from './sent-messages.js';
import type { RoutingFile } from '../../policy/routing-file.js';
import { routedTo } from '../route-gate.js';
import type { TelegramChannel } from './telegram-channel.js';
import { resolveTelegramConfig, TELEGRAM_CHANNEL } from './telegram-config.js';

/**
 * The Telegram channel in the hub: started from the saved settings and the environment, restarted when the
 * settings change (GET/PUT /api/channels/telegram). The token is never logged and never served.
 */
export async function registerTelegram(app: FastifyInstance, ctx: HubContext, status: ChannelStatusBoard, routing: RoutingFile): Promise<void> {
  const settingsFile = new TelegramSettingsFile(ctx.config.paths.telegramSettings);
  const messages = new SentMessages(ctx.config.paths.telegramMessages, (err) => ctx.log.error({ err }, 'telegram: could not save which message shows which gate'));
  await messages.load();
  let channel: TelegramChannel | null = null;

  let applying: Promise<void> = Promise.resolve();
  /** (Re)starts the channel from the current settings; one at a time, in the order asked. */
  const apply = (): Promise<void> => (applying = applying.then(applyNow, applyNow));
  const applyNow = async (): Promise<void> => {
    await channel?.stop();
    channel = null;
    let saved;
    try {
      saved = await settingsFile.load();
    } catch (err) {
      status.set(TELEGRAM_CHANNEL, 'invalid', (err as Error).message);
      ctx.log.warn({ reason: (err as Error).message }, 'telegram: saved settings unreadable; channel off');
      return;
    }
    const resolved = resolveTelegramConfig(saved, process.env);
    if (resolved.state !== 'ready') {
      status.set(TELEGRAM_CHANNEL, resolved.state, resolved.reason);
      if (resolved.state === 'invalid') ctx.log.warn({ reason: resolved.reason }, 'telegram: misconfigured; channel off');
      return;
    }
    // grammY loads only when the channel is configured: a hub without Telegram starts as fast as before.
    const { TelegramChannel } = await import('./telegram-channel.js');
    channel = new TelegramChannel(resolved.config, {
      sessions: ctx.sessions,
      messages,
      status,
      log: ctx.log,
      liveClients: () => ctx.events.portalClientCount,
      gateUrl: (id) => gateLink(ctx.baseUrl(), ctx.token, id),
      routed: routedTo(routing, 'telegram'),
    });
    channel.start();
  };

  /** The settings as a browser may see them: whether a token is set, never the token. */
  const view = async () => {
    const saved = await settingsFile.load().catch(() => ({}) as Awaited<ReturnType<TelegramSettingsFile['load']>>);
    const resolved = resolveTelegramConfig(saved, process.env);
    const config = resolved.state === 'ready' ? resolved.config : null;
    return {
      settings: {
        token_set: Boolean(config?.token ?? saved.token),
        chat_id: config?.chatId ?? saved.chat_id ?? null,
        user_id: config?.userId ?? saved.user_id ?? null,
        api_root: config?.apiRoot ?? saved.api_root ?? null,
        send: config?.send ?? saved.send ?? null,
        older_than_seconds: config?.olderThanSeconds ?? saved.older_than_seconds ?? null,
      },
      status: status.get(TELEGRAM_CHANNEL) ?? null,
    };
  };

  app.get('/api/channels/telegram', view);
  app.put('/api/channels/telegram', async (request) => {
    const patch = parseTelegramSettings(request.body ?? {});
    await settingsFile.update(patch);
    await apply();
    return view();
  });
  app.addHook('onClose', async () => {
    await channel?.stop();
    await messages.flush();
  });
  await apply();
}

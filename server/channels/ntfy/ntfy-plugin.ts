import type { FastifyInstance } from 'fastify';
import type { HubContext } from '../../hub/context.js';
import type { ChannelStatusBoard } from '../../hub/channel-status.js';
import { gateLink } from '../../hub/handoff.js';
import type { RoutingFile } from '../../policy/routing-file.js';
import { RequestValidationError } from '../../../shared/validation-error.js';
import { NtfySettingsFile, parseNtfySettings, type SavedNtfySettings } from '../../settings/ntfy-settings.js';
import { routedTo } from '../route-gate.js';
import { NtfyChannel } from './ntfy-channel.js';
import { NtfyClient } from './ntfy-client.js';
import { NTFY_CHANNEL, resolveNtfyConfig } from './ntfy-config.js';
import { loadReplyKey, ReplyCapabilities } from './reply-capability.js';

/**
 * The ntfy channel in the hub: started from the saved settings and the environment, restarted when they change
 * (GET/PUT /api/channels/ntfy); POST /api/channels/ntfy/test publishes a test message. Tokens are never served.
 */
export async function registerNtfy(app: FastifyInstance, ctx: HubContext, status: ChannelStatusBoard, routing: RoutingFile): Promise<void> {
  const settingsFile = new NtfySettingsFile(ctx.config.paths.ntfySettings);
  let capabilities: ReplyCapabilities | null = null;
  let channel: NtfyChannel | null = null;
  let applying: Promise<void> = Promise.resolve();
  const apply = (): Promise<void> => (applying = applying.then(applyNow, applyNow));
  const loadSaved = () => settingsFile.load();

  const applyNow = async (): Promise<void> => {
    await channel?.stop();
    channel = null;
    let saved: SavedNtfySettings;
    try {
      saved = await loadSaved();
    } catch (err) {
      status.set(NTFY_CHANNEL, 'invalid', (err as Error).message);
      ctx.log.warn({ reason: (err as Error).message }, 'ntfy: saved settings unreadable; channel off');
      return;
    }
    const resolved = resolveNtfyConfig(saved, process.env);
    if (resolved.state !== 'ready') {
      status.set(NTFY_CHANNEL, resolved.state, resolved.reason);
      if (resolved.state === 'invalid') ctx.log.warn({ reason: resolved.reason }, 'ntfy: misconfigured; channel off');
      return;
    }
    capabilities ??= new ReplyCapabilities(await loadReplyKey(ctx.config.paths.ntfyReplyKey));
    channel = new NtfyChannel(resolved.config, {
      sessions: ctx.sessions,
      status,
      log: ctx.log,
      gateUrl: (id) => gateLink(ctx.baseUrl(), ctx.token, id),
      due: routedTo(routing, 'ntfy'),
      capabilities,
    });
    channel.start();
  };

  const view = async () => {
    const saved = await loadSaved().catch(() => ({}) as SavedNtfySettings);
    const resolved = resolveNtfyConfig(saved, process.env);
    const config = resolved.state === 'ready' ? resolved.config : null;
    return {
      settings: {
        server_url: config?.serverUrl ?? saved.server_url ?? null,
        topic: config?.topic ?? saved.topic ?? null,
        reply_topic: config?.replyTopic ?? saved.reply_topic ?? null,
        token_set: Boolean(config?.token ?? saved.token),
        reply_token_set: Boolean(saved.reply_token ?? (config && config.replyToken !== config.token ? config.replyToken : null)),
      },
      status: status.get(NTFY_CHANNEL) ?? null,
    };
  };

  app.get('/api/channels/ntfy', view);
  app.put('/api/channels/ntfy', async (request) => {
    await settingsFile.update(parseNtfySettings(request.body ?? {}));
    await apply();
    return view();
  });
  app.post('/api/channels/ntfy/test', async (_request, reply) => {
    const resolved = resolveNtfyConfig(await loadSaved(), process.env);
    if (resolved.state !== 'ready') throw new RequestValidationError([{ field: resolved.reason.split(':')[0]!, message: resolved.reason.replace(/^[^:]*:\s*/, '') }]);
    try {
      await new NtfyClient(resolved.config).publish({ topic: resolved.config.topic, title: 'gatehouse: test', message: 'ntfy is set up: gates will arrive here with their answer buttons.', tags: ['white_check_mark'] });
      return { ok: true, sent_to: `${resolved.config.serverUrl}/${resolved.config.topic}` };
    } catch (err) {
      return reply.code(502).send({ error: { code: 'ntfy_failed', message: (err as Error).message } });
    }
  });
  app.addHook('onClose', async () => {
    await channel?.stop();
  });
  await apply();
}

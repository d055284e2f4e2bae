import type { Bot, Context } from 'grammy';
import type { ChoiceSessions } from '../../sessions/choice-sessions.js';
import { SessionEndedError } from '../../sessions/session-errors.js';
import type { StoredSession } from '../../sessions/stored-session.js';
import { RequestValidationError } from '../../../shared/validation-error.js';
import { parseButtonData, type ButtonAction } from './button-data.js';
import { alreadyEndedToast } from './telegram-message.js';
import type { SentMessages } from './sent-messages.js';
import type { TelegramConfig } from './telegram-config.js';

export interface AnswerDeps {
  config: Pick<TelegramConfig, 'chatId' | 'userId'>;
  sessions: ChoiceSessions;
  messages: SentMessages;
  /** An update from another chat or user: logged by the caller, nothing changes. */
  onRefused: (who: { chat: number | undefined; user: number | undefined; kind: string }) => void;
  /** A stale tap or reply: make sure that gate's message shows its end. */
  onStale: () => void;
}

const FROM_TELEGRAM = 'telegram' as const;

/**
 * What a tap or a reply in the chat does: it answers the gate through the same sessions service as every
 * interface (`interface: "telegram"`). Only the configured chat (and user, when set) is heard.
 */
export function installAnswerHandlers(bot: Bot, deps: AnswerDeps): void {
  // A private chat's id is its person's id: there, only that person. In a group, the configured user, or anyone.
  const onlyUser = deps.config.userId ?? (deps.config.chatId.startsWith('-') ? null : deps.config.chatId);
  bot.use(async (ctx, next) => {
    const chat = ctx.chat?.id;
    const user = ctx.from?.id;
    const allowed = String(chat) === deps.config.chatId && (onlyUser === null || String(user) === onlyUser);
    if (allowed) return next();
    deps.onRefused({ chat, user, kind: ctx.callbackQuery ? 'button tap' : ctx.message ? 'message' : 'update' });
    if (ctx.callbackQuery) toast(ctx, 'This bot answers only its owner’s chat.');
  });

  bot.on('callback_query:data', async (ctx) => {
    const button = parseButtonData(ctx.callbackQuery.data);
    if (!button) return toast(ctx, 'This button is not one of mine.');
    const session = deps.sessions.has(button.sessionId) ? deps.sessions.get(button.sessionId) : null;
    if (!session) return toast(ctx, 'This question is no longer known to the hub.');
    if (session.status !== 'pending') {
      deps.onStale();
      return toast(ctx, alreadyEndedToast(session));
    }
    toast(ctx, await pressButton(deps.sessions, session, button));
  });

  bot.on('message:text', async (ctx) => {
    const repliedTo = ctx.message.reply_to_message?.message_id;
    const sent = repliedTo === undefined ? undefined : deps.messages.byMessage(deps.config.chatId, repliedTo);
    if (!sent || !deps.sessions.has(sent.sessionId)) return reply(ctx, 'To answer in your own words, reply to the question’s message.');
    const session = deps.sessions.get(sent.sessionId);
    if (session.status !== 'pending') {
      deps.onStale();
      return reply(ctx, alreadyEndedToast(session));
    }
    if (session.request.questions) return reply(ctx, 'This gate asks several questions: answer them together in the portal (the link is in the message).');
    if (!session.request.allow_free_text) return reply(ctx, 'This question takes no answer in your own words: tap one of its buttons.');
    const draft = session.draft;
    const outcome = await answer(() =>
      deps.sessions.submit(session.id, { selected_ids: draft?.selected_ids ?? [], annotations: draft?.annotations, global_annotation: draft?.global_annotation, free_text: ctx.message.text, interface: FROM_TELEGRAM }),
    );
    if (outcome !== 'Answered.') reply(ctx, outcome);
  });
}

async function pressButton(sessions: ChoiceSessions, session: StoredSession, button: ButtonAction): Promise<string> {
  const { request, id } = session;
  const option = 'option' in button ? request.options[button.option] : undefined;
  if ('option' in button && !option) return 'This option no longer exists.';
  const draft = session.draft ?? { selected_ids: [], annotations: {}, global_annotation: '', free_text: '' };
  switch (button.action) {
    case 'pick':
      return answer(() => sessions.submit(id, { selected_ids: [option!.id], interface: FROM_TELEGRAM }), `Answered: ${option!.label}`);
    case 'toggle': {
      const on = draft.selected_ids.includes(option!.id);
      if (!on && draft.selected_ids.length >= request.max_selections) return `At most ${request.max_selections} may be selected.`;
      const selected = on ? draft.selected_ids.filter((s) => s !== option!.id) : [...draft.selected_ids, option!.id];
      return answer(() => sessions.saveDraft(id, { ...draft, selected_ids: selected }), `${on ? 'Unselected' : 'Selected'}: ${option!.label}`);
    }
    case 'done':
      return answer(() =>
        sessions.submit(id, { selected_ids: draft.selected_ids, annotations: draft.annotations, global_annotation: draft.global_annotation, free_text: draft.free_text, interface: FROM_TELEGRAM }),
      );
    case 'cancel':
      return answer(() => sessions.cancel(id, { global_annotation: 'cancelled from Telegram', interface: FROM_TELEGRAM }), 'Cancelled.');
  }
}

/** Runs a change; what went wrong comes back as the text to show (a validation problem, a lost race). */
async function answer(change: () => Promise<StoredSession>, done = 'Answered.'): Promise<string> {
  try {
    await change();
    return done;
  } catch (err) {
    if (err instanceof SessionEndedError) return alreadyEndedToast(err.session);
    if (err instanceof RequestValidationError) return err.problems.map((p) => p.message).join('; ');
    throw err;
  }
}

/** Toasts and replies are not waited for: a slow Bot API must not hold up the next update. */
function toast(ctx: Context, text: string): void {
  ctx.answerCallbackQuery({ text: text.slice(0, 200) }).catch(() => undefined);
}

function reply(ctx: Context, text: string): void {
  ctx.reply(text, { reply_parameters: { message_id: ctx.message!.message_id } }).catch(() => undefined);
}

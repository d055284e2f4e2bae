import { describe, expect, it } from 'vitest';
import { resolveTelegramConfig } from './telegram-config.js';

const TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('resolveTelegramConfig', () => {
  it('is off without token and chat id, and names what is missing when only one is given', () => {
    expect(resolveTelegramConfig({}, {}).state).toBe('off');
    expect(resolveTelegramConfig({}, { GATEHOUSE_TELEGRAM_TOKEN: TOKEN })).toEqual({ state: 'invalid', reason: 'GATEHOUSE_TELEGRAM_CHAT_ID: is required with a token' });
  });

  it('reads the environment, with the public API root and "all" by default; a number for SEND means older-than', () => {
    expect(resolveTelegramConfig({}, { GATEHOUSE_TELEGRAM_TOKEN: TOKEN, GATEHOUSE_TELEGRAM_CHAT_ID: '42' })).toEqual({
      state: 'ready',
      config: { token: TOKEN, chatId: '42', userId: null, apiRoot: 'https://api.telegram.org', send: 'all', olderThanSeconds: 60 },
    });
    const older = resolveTelegramConfig({}, { GATEHOUSE_TELEGRAM_TOKEN: TOKEN, GATEHOUSE_TELEGRAM_CHAT_ID: '-100123', GATEHOUSE_TELEGRAM_SEND: '90', GATEHOUSE_TELEGRAM_API_ROOT: 'http://127.0.0.1:9/' });
    expect(older).toMatchObject({ state: 'ready', config: { chatId: '-100123', send: 'older-than', olderThanSeconds: 90, apiRoot: 'http://127.0.0.1:9' } });
  });

  it('saved settings win over the environment, field by field', () => {
    const resolved = resolveTelegramConfig({ chat_id: '7', send: 'no-portal' }, { GATEHOUSE_TELEGRAM_TOKEN: TOKEN, GATEHOUSE_TELEGRAM_CHAT_ID: '42' });
    expect(resolved).toMatchObject({ state: 'ready', config: { token: TOKEN, chatId: '7', send: 'no-portal' } });
  });

  it('names the variable of a bad value', () => {
    expect(resolveTelegramConfig({}, { GATEHOUSE_TELEGRAM_TOKEN: 'nope', GATEHOUSE_TELEGRAM_CHAT_ID: 'me' })).toEqual({
      state: 'invalid',
      reason: 'GATEHOUSE_TELEGRAM_TOKEN: must look like a bot token from @BotFather (123456:ABC…); GATEHOUSE_TELEGRAM_CHAT_ID: must be a Telegram id (a whole number, e.g. 123456789 or -1001234567890)',
    });
    expect(resolveTelegramConfig({}, { GATEHOUSE_TELEGRAM_TOKEN: TOKEN, GATEHOUSE_TELEGRAM_CHAT_ID: '1', GATEHOUSE_TELEGRAM_SEND: 'sometimes' }).state).toBe('invalid');
  });
});

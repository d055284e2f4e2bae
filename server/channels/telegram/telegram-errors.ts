import { GrammyError, HttpError } from 'grammy';
import { redact } from '../retry-backoff.js';

/**
 * A Bot API failure as one line for the log and /api/health, with the token removed (network errors quote the
 * request URL, which holds it).
 */
export function describeTelegramError(err: unknown, token: string): string {
  if (err instanceof GrammyError) return redact(`${err.method}: ${err.error_code} ${err.description}`, token);
  if (err instanceof HttpError) {
    const inner = err.error as { code?: string; type?: string; message?: string } | undefined;
    const reason = inner?.code ?? inner?.type ?? inner?.message ?? 'network error';
    return redact(`${err.message} (${reason})`, token);
  }
  return redact(err instanceof Error ? err.message : String(err), token);
}

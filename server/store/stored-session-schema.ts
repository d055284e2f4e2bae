import { z } from 'zod';
import { SESSION_STATUSES } from '../../shared/choice/limits.js';
import type { StoredSession } from '../sessions/stored-session.js';

const isoTime = z.string().refine((s) => Number.isFinite(Date.parse(s)), { error: 'must be an ISO time' });

const options = z.array(z.looseObject({ id: z.string(), label: z.string() }));

/**
 * What a stored session must have for the hub to serve it (views, deadlines, retention, poll answers).
 * Deliberately loose on everything else, so a record written by an older version still loads.
 */
const storedSessionSchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'must be a session id' }),
  status: z.enum(SESSION_STATUSES),
  interface: z.string(),
  created_at: isoTime,
  deadline_at: isoTime,
  ended_at: isoTime.nullable(),
  request: z
    .looseObject({ prompt: z.string(), options: options.min(0), questions: z.array(z.looseObject({ question: z.string(), options: options.min(1) })).min(1).optional() })
    .refine((r) => r.options.length > 0 || r.questions, { error: 'options: a gate needs options, or questions with options' }),
  notices: z.array(z.string()).optional(),
  draft: z.unknown().optional(),
  result: z.looseObject({ status: z.string() }).nullable(),
});

/** The session, or the problem that keeps it from loading (naming the field). */
export function checkStoredSession(value: unknown): { session: StoredSession } | { problem: string } {
  const parsed = storedSessionSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue.path.length ? issue.path.join('.') : '(record)'}: ${issue.message}` };
  }
  const session = parsed.data as unknown as StoredSession;
  if (session.status !== 'pending' && !session.result) return { problem: `result: a ${session.status} session needs its result` };
  session.notices ??= [];
  session.draft ??= null;
  return { session };
}

// How a channel says who settled a gate, and where: "✅ Yes, allow this once — answered in the portal". One place,
// so Telegram, ntfy, `gatehouse answer` and a late answer's reply all say it the same way (issue 32 §4).
import { answersSummary } from '../../shared/choice/answers-summary.js';
import type { StoredSession } from './stored-session.js';

const WHERE: Record<string, string> = {
  web: 'the portal',
  terminal: 'the terminal UI',
  chat: 'the agent’s chat',
  elicitation: 'the agent’s own dialog',
  telegram: 'Telegram',
  ntfy: 'ntfy',
  cli: 'the shell (gatehouse answer)',
  api: 'the API',
  notification: 'a notification',
};

/** "the portal", "Telegram", "gatehouse answer"… for an interface id. */
export function whereWords(answeredVia: string): string {
  return WHERE[answeredVia] ?? answeredVia;
}

/** What was answered, as text: the picked labels (and the person's own words), or "" when nothing was. */
export function answerText(session: StoredSession, cut = (s: string) => s): string {
  const result = session.result;
  const questions = session.request.questions;
  const picked = questions && result?.answers ? answersSummary(questions, result.answers, '—') : (result?.selected.map((s) => s.label).join(', ') ?? '');
  const free = result?.free_text ? `“${cut(result.free_text)}”` : '';
  return [picked, free].filter(Boolean).join(' + ');
}

/** One line for an ended gate: "✅ Yes, once — answered in the portal", "⌛ Timed out: nobody answered". */
export function outcomeLine(session: StoredSession): string {
  const where = session.result ? whereWords(session.result.interface) : '';
  switch (session.status) {
    case 'submitted':
      return `✅ ${answerText(session) || '(nothing selected)'} — answered in ${where}`;
    case 'auto-submitted':
      return `🤖 ${answerText(session)} — nobody answered in time; the recommended option was submitted`;
    case 'cancelled':
      return `✖ Cancelled in ${where}${session.result?.global_annotation ? `: ${session.result.global_annotation}` : ''}`;
    case 'timeout':
      return '⌛ Timed out: nobody answered';
    default:
      return '';
  }
}

/** What a late answer is told: "Already answered by you in the portal: Yes, allow this once." Never an error. */
export function alreadySettledText(session: StoredSession): string {
  const where = session.result ? ` in ${whereWords(session.result.interface)}` : '';
  const answer = answerText(session);
  switch (session.status) {
    case 'timeout':
      return 'This question already timed out: nobody answered in time.';
    case 'cancelled':
      return `This question was already cancelled${where}.`;
    case 'auto-submitted':
      return `Already settled: nobody answered in time, so the recommended option was submitted${answer ? ` (${answer})` : ''}.`;
    default:
      return `Already answered by you${where}${answer ? `: ${answer}` : ''}.`;
  }
}

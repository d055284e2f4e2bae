import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { answersSummary } from '../../shared/choice/answers-summary.js';
import type { ChooseOutcome } from './choose-screen.js';
import { EXIT, exitCodeForStatus } from './exit-codes.js';
import type { Translate } from './translate.js';

/** The lines printed after the terminal is restored, in the person's language. */
export function summariseSession(session: ChoiceSessionView, t: Translate, here: boolean): string[] {
  const result = session.result;
  if (!result) return [];
  const questions = session.request.questions;
  const labels = questions && result.answers
    ? answersSummary(questions, result.answers, t('outcome.nothingSelected'))
    : result.selected.map((s) => s.label).join(', ') || t('outcome.nothingSelected');
  const lines: string[] = [];
  if (!here && result.answered_by === 'human') lines.push(t('outcome.endedElsewhere', { status: t(`status.${result.status}`, { ns: 'common' }), interface: t(`interface.${result.interface}`, { ns: 'common' }) }));
  if (result.status === 'submitted') lines.push(t('outcome.submitted', { labels }));
  else if (result.status === 'auto-submitted') lines.push(t('outcome.autoSubmitted', { labels }));
  else if (result.status === 'cancelled') lines.push(t('outcome.cancelled'));
  else if (result.status === 'timeout') lines.push(t('outcome.timeout'));
  if (result.free_text) lines.push(t('outcome.freeText', { text: result.free_text }));
  if (result.global_annotation) lines.push(t('outcome.note', { text: result.global_annotation }));
  return lines;
}

export function summariseOutcome(outcome: ChooseOutcome, t: Translate, reopenCommand: string): string[] {
  switch (outcome.kind) {
    case 'ended':
      return summariseSession(outcome.session, t, outcome.here);
    case 'switched_web':
      return [t('outcome.switchedWeb', { url: outcome.url })];
    case 'moved':
      return [t('outcome.moved')];
    case 'detached':
      return [t('outcome.detached', { command: reopenCommand })];
    case 'hub_lost':
      return [t('outcome.hubLost')];
  }
}

export function exitCodeForOutcome(outcome: ChooseOutcome): number {
  switch (outcome.kind) {
    case 'ended':
      return exitCodeForStatus(outcome.session.status);
    case 'switched_web':
    case 'moved':
      return EXIT.submitted;
    case 'detached':
      return EXIT.detached;
    case 'hub_lost':
      return EXIT.hubLost;
  }
}

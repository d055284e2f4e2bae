import type { SessionInterface, SessionStatus } from '../../shared/choice/limits.js';
import type { ChoiceResult } from '../../shared/choice/session-types.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';
import { nextStepFor } from './next-step.js';

export interface ResultInput {
  sessionId: string;
  request: ChoiceRequest;
  status: SessionStatus;
  answeredVia: SessionInterface;
  selectedIds?: string[];
  annotations?: Record<string, string>;
  globalAnnotation?: string;
  freeText?: string;
  answeredBy: 'human' | 'default' | null;
}

const nonEmpty = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

/** Builds the typed result the agent receives. Empty notes count as none. */
export function buildResult(input: ResultInput): ChoiceResult {
  const byId = new Map(input.request.options.map((o) => [o.id, o]));
  const selected = (input.selectedIds ?? []).map((id) => ({ id, label: byId.get(id)?.label ?? id }));
  const annotations: Record<string, string> = {};
  for (const [id, note] of Object.entries(input.annotations ?? {})) {
    const text = nonEmpty(note);
    if (text && byId.has(id)) annotations[id] = text;
  }
  const freeText = nonEmpty(input.freeText);
  return {
    status: input.status,
    session_id: input.sessionId,
    selected,
    annotations,
    global_annotation: nonEmpty(input.globalAnnotation),
    free_text: freeText,
    interface: input.answeredVia,
    answered_by: input.answeredBy,
    next_step: nextStepFor(input.status, freeText !== null),
  };
}

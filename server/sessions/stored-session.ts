import type { SessionInterface, SessionStatus } from '../../shared/choice/limits.js';
import type { ChoiceDraft, ChoiceResult } from '../../shared/choice/session-types.js';
import type { ChoiceRequest } from '../../shared/choice/validate-request.js';

/** A choice session as the store keeps it (pending ones too, so they survive a crash). */
export interface StoredSession {
  id: string;
  request: ChoiceRequest;
  status: SessionStatus;
  interface: SessionInterface;
  created_at: string;
  deadline_at: string;
  ended_at: string | null;
  notices: string[];
  draft: ChoiceDraft | null;
  result: ChoiceResult | null;
}

import type { PermissionDecidedBy } from './decided-by.js';
import type { FinalStatus, SessionInterface, SessionStatus } from './limits.js';
import type { ChoiceRequest } from './validate-request.js';
import type { GateSource } from './gate-source.js';
import type { PermissionView } from '../permission/view.js';

/** What a person has picked and typed so far (kept by the hub so a switch of interface keeps it). */
export interface ChoiceDraft {
  selected_ids: string[];
  annotations: Record<string, string>;
  global_annotation: string;
  free_text: string;
  /** A multi-question gate: picks and typed text per question, in question order. */
  answers?: Array<{ selected_ids: string[]; free_text: string }>;
}

/** The answer to one question of a multi-question gate, as the agent receives it. */
export interface QuestionResult {
  question_index: number;
  selected: Array<{ id: string; label: string }>;
  /** Present only when the person typed an answer of their own. */
  free_text?: string;
}

/** The typed result an agent receives. Field names are the public tool contract. */
export interface ChoiceResult {
  status: SessionStatus;
  session_id: string;
  selected: Array<{ id: string; label: string }>;
  annotations: Record<string, string>;
  global_annotation: string | null;
  free_text: string | null;
  /** Only for a gate asked with `questions`: one answer per question, in question order (then `selected` is empty). */
  answers?: QuestionResult[];
  interface: SessionInterface;
  answered_by: 'human' | 'default' | null;
  next_step: string;
}

/** A choice session as the hub exposes it over HTTP and WebSocket. */
export interface ChoiceSessionView {
  id: string;
  request: ChoiceRequest;
  status: SessionStatus;
  interface: SessionInterface;
  /** Who is asking (agent, project, branch); null or absent for gates recorded before sources existed. */
  source?: GateSource | null;
  created_at: string;
  deadline_at: string;
  ended_at: string | null;
  /** Milliseconds left when this view was made (0 once ended). */
  remaining_ms: number;
  notices: string[];
  /**
   * Set while the agent that asked is gone: the `gatehouse mcp` process that started or last polled this pending
   * gate ended (its client closed). An answer is still taken, but only reaches an agent that polls it again, which
   * clears this. Absent or null: the asker is there, or not known to have left.
   */
  agent_gone_at?: string | null;
  /** A permission gate: what is being approved, as the hub computed it when the gate was created (absent on other gates). */
  permission_view?: PermissionView | null;
  /** A permission gate (an agent's hook) once decided: who decided it (absent on every other gate). */
  decided_by?: PermissionDecidedBy | null;
  draft: ChoiceDraft | null;
  result: ChoiceResult | null;
}

export type { FinalStatus };

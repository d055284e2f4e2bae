import type { FinalStatus, SessionInterface, SessionStatus } from './limits.js';
import type { ChoiceRequest } from './validate-request.js';
import type { GateSource } from './gate-source.js';

/** What a person has picked and typed so far (kept by the hub so a switch of interface keeps it). */
export interface ChoiceDraft {
  selected_ids: string[];
  annotations: Record<string, string>;
  global_annotation: string;
  free_text: string;
}

/** The typed result an agent receives. Field names are the public tool contract. */
export interface ChoiceResult {
  status: SessionStatus;
  session_id: string;
  selected: Array<{ id: string; label: string }>;
  annotations: Record<string, string>;
  global_annotation: string | null;
  free_text: string | null;
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
  draft: ChoiceDraft | null;
  result: ChoiceResult | null;
}

export type { FinalStatus };

import { sourceLabel } from '../../shared/choice/gate-source.js';
import type { StoredSession } from '../sessions/stored-session.js';

/** Who is asking, as far as a session records it: the interface it is carried by, and its recorded source. */
export interface GateSourceSummary {
  interface: string;
  /** "claude-code 2.1 · shop @ main" (agent · project folder · branch); empty when the gate has no source. */
  label: string;
  agent: string | null;
  project: string | null;
  branch: string | null;
  context: string | null;
}

/** What a channel outside the hub is told about a gate. Never carries the hub's credential, only the gate's own link. */
export interface GateSummary {
  id: string;
  title: string;
  source: GateSourceSummary;
  /** The gate's link (server/hub/handoff.ts gateLink): opens this gate alone, on the hub's computer. */
  url: string;
}

/** The one place that reads a gate's source from a session, so every channel shows the same. */
export function gateSource(session: StoredSession): GateSourceSummary {
  const source = session.source ?? null;
  return {
    interface: session.interface,
    label: sourceLabel(source),
    agent: source?.agent ?? null,
    project: source?.project ?? null,
    branch: source?.branch ?? null,
    context: session.request.context ?? null,
  };
}

export function gateSummary(session: StoredSession, link: string): GateSummary {
  return { id: session.id, title: session.request.title, source: gateSource(session), url: link };
}

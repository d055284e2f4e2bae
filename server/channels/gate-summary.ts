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

/** What a channel outside the hub is told about a gate. Never carries the hub's credential. */
export interface GateSummary {
  id: string;
  title: string;
  source: GateSourceSummary;
  /** The gate's portal page, without credential: a browser that holds the hub's cookie opens it. */
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

export function gateUrl(baseUrl: string, sessionId: string): string {
  return `${baseUrl}/choice/${encodeURIComponent(sessionId)}`;
}

export function gateSummary(session: StoredSession, baseUrl: string): GateSummary {
  return { id: session.id, title: session.request.title, source: gateSource(session), url: gateUrl(baseUrl, session.id) };
}

import type { StoredSession } from './stored-session.js';

export class SessionNotFoundError extends Error {
  constructor(readonly sessionId: string) {
    super(`no choice session with id ${JSON.stringify(sessionId)} (it may have expired from history)`);
    this.name = 'SessionNotFoundError';
  }
}

/** The session had already ended (submit vs timeout vs cancel: exactly one wins). */
export class SessionEndedError extends Error {
  constructor(readonly session: StoredSession) {
    super(`session ${session.id} already ended with status ${session.status}`);
    this.name = 'SessionEndedError';
  }
}

export class InterfaceUnavailableError extends Error {
  constructor(readonly requested: string, reason: string) {
    super(`interface ${JSON.stringify(requested)} is not available: ${reason}`);
    this.name = 'InterfaceUnavailableError';
  }
}

import type { RequestedInterface, SessionInterface } from '../../shared/choice/limits.js';
import { InterfaceUnavailableError } from './session-errors.js';

/** What the caller (an MCP server process, the CLI) can offer, sent with the create request. */
export interface ClientCapabilities {
  /** The MCP client declared the elicitation capability. */
  elicitation?: boolean;
  /** The caller runs in an interactive terminal a person sits at. */
  interactive_terminal?: boolean;
}

export interface InterfaceContext {
  capabilities: ClientCapabilities;
  preferred: 'auto' | 'web' | 'terminal';
  /** A browser can be opened on this machine (display, not over SSH). */
  canOpenBrowser: boolean;
}

/** Picks the interface that will carry a new session. */
export function resolveInterface(requested: RequestedInterface, ctx: InterfaceContext): SessionInterface {
  switch (requested) {
    case 'web':
      return 'web';
    case 'terminal':
    case 'chat':
    case 'elicitation':
      throw new InterfaceUnavailableError(requested, 'not available yet in this version; use "web" or "auto"');
    case 'auto':
      return 'web';
  }
}

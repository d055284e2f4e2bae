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

/**
 * Picks the interface that will carry a new session.
 * - `web`, `terminal`, `chat`: as asked (every caller can hand out a URL, a command or a chat block).
 * - `elicitation`: only when the MCP client declared the capability.
 * - `auto`: the person's preferred interface (settings) when it is web or terminal; otherwise elicitation
 *   when the client offers it, else web when a browser can be opened, else terminal when the caller sits in an
 *   interactive terminal, else web (the URL still works through an SSH port forward).
 */
export function resolveInterface(requested: RequestedInterface, ctx: InterfaceContext): SessionInterface {
  switch (requested) {
    case 'web':
    case 'terminal':
    case 'chat':
      return requested;
    case 'elicitation':
      if (ctx.capabilities.elicitation) return 'elicitation';
      throw new InterfaceUnavailableError(requested, 'the MCP client did not declare the elicitation capability; use "auto", "chat", "web" or "terminal"');
    case 'auto':
      if (ctx.preferred !== 'auto') return ctx.preferred;
      if (ctx.capabilities.elicitation) return 'elicitation';
      if (ctx.canOpenBrowser) return 'web';
      if (ctx.capabilities.interactive_terminal) return 'terminal';
      return 'web';
  }
}

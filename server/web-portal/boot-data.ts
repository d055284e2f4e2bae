import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import type { ChannelStatus } from '../hub/channel-status.js';

export type PortalPage = 'list' | 'choice' | 'history' | 'task' | 'resolve';

/** What the hub embeds in every portal page so the first paint needs no extra request. */
export interface PortalBoot {
  page: PortalPage;
  /** `full`: the hub's credential (everything); `gate`: opened with a gate link — this gate alone, no list, no other page. */
  access: 'full' | 'gate';
  /** The choice the page shows (page 'choice'), null when unknown. */
  session_id: string | null;
  session: ChoiceSessionView | null;
  /** The prompt's Markdown, rendered and sanitised by the hub. */
  prompt_html: string | null;
  terminal_command: string | null;
  settings: EffectiveSettings;
  /** The page's strings in the language in force, resolved by the hub's i18next (see web/config/i18n.ts). */
  catalog: Record<string, string>;
  /** The first page of the list (newest active rows, the recent completed ones, the row the page is about). */
  interactions: InteractionSummary[];
  /** How many active rows exist in all; the rest load on scroll (`GET /api/interactions?filter=active&cursor=`). */
  active_total: number;
  server_now: number;
  /** Telegram's state as /api/health says it (the header's chip), null on a gate link's page; refreshed by the page. */
  telegram: Pick<ChannelStatus, 'state' | 'detail'> | null;
  /** ntfy's state, likewise. */
  ntfy?: Pick<ChannelStatus, 'state' | 'detail'> | null;
  /** The paired machines' state (the header's chip; off: none paired), null on a gate link's page; refreshed by the page. */
  paired: Pick<ChannelStatus, 'state' | 'detail'> | null;
  /** The task the page shows: an orchestrated task (page 'task', web/tasks/) or a resolve task (page 'resolve', web/resolve/). */
  task_id: string | null;
}

/** JSON safe to put inside a <script> element. */
export function bootJson(boot: PortalBoot): string {
  return JSON.stringify(boot).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The languages gatehouse speaks (portal, terminal UI, agents' notices). Kept apart from settings.ts's schema so a
 * process that only needs the list (`gatehouse mcp` checking CHOICE_LANG) does not load zod for it. */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

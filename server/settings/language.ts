import { LANGUAGES, type Language } from '../../shared/languages.js';

/**
 * What is wrong with CHOICE_LANG in `env`, in words for the person who set it; null when it is unset or valid.
 * Said where that person looks: the hub's log, the CLI's and the MCP server's stderr, and the agent's notices.
 */
export function languageEnvProblem(env: NodeJS.ProcessEnv): string | null {
  const raw = env.CHOICE_LANG?.trim().toLowerCase();
  if (!raw || (LANGUAGES as readonly string[]).includes(raw)) return null;
  return `CHOICE_LANG=${JSON.stringify(env.CHOICE_LANG)} is not supported (use ${LANGUAGES.join(' or ')}); gatehouse uses English`;
}

/** CHOICE_LANG (en|zh) → the default language; anything else falls back to English with a warning. */
export function languageFromEnv(env: NodeJS.ProcessEnv, warn: (message: string) => void): Language {
  const problem = languageEnvProblem(env);
  if (problem) warn(problem);
  const raw = env.CHOICE_LANG?.trim().toLowerCase();
  return !raw || problem ? 'en' : (raw as Language);
}

/** The notices list for a reply to an agent, with a CHOICE_LANG problem of this process added. */
export function withLanguageNotice(notices: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const problem = languageEnvProblem(env);
  return problem ? [...notices, `${problem} — tell the user, who set it in this MCP server's configuration.`] : [...notices];
}

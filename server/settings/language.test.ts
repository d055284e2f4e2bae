import { describe, expect, it } from 'vitest';
import { languageEnvProblem, languageFromEnv, withLanguageNotice } from './language.js';

describe('CHOICE_LANG', () => {
  it('takes en and zh (any case, spaces trimmed), and unset means English with nothing to say', () => {
    const warnings: string[] = [];
    expect(languageFromEnv({ CHOICE_LANG: ' ZH ' }, (m) => warnings.push(m))).toBe('zh');
    expect(languageFromEnv({}, (m) => warnings.push(m))).toBe('en');
    expect(warnings).toEqual([]);
    expect(withLanguageNotice(['x'], { CHOICE_LANG: 'en' })).toEqual(['x']);
  });

  it('a bad value falls back to English and is said, naming the value and what works', () => {
    const warnings: string[] = [];
    expect(languageFromEnv({ CHOICE_LANG: 'fr' }, (m) => warnings.push(m))).toBe('en');
    expect(warnings).toEqual(['CHOICE_LANG="fr" is not supported (use en or zh); gatehouse uses English']);
    expect(languageEnvProblem({ CHOICE_LANG: 'fr' })).toBe(warnings[0]);
    expect(withLanguageNotice([], { CHOICE_LANG: 'fr' })).toEqual([`${warnings[0]} — tell the user, who set it in this MCP server's configuration.`]);
  });
});

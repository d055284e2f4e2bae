import { interactiveEnvironment } from '../pty/interactive-environment.js';
/** Splits a command line into words (double/single quotes group, backslash escapes), no shell involved. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: '"' | "'" | null = null;
  let has = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has || word) words.push(word);
      word = '';
      has = false;
    } else word += c;
  }
  if (has || word) words.push(word);
  return words;
}

/** The tsci command line: `GATEHOUSE_TSCI` (e.g. `node /opt/tsci/node_modules/tscircuit/cli.mjs`), default `tsci`. */
export function tsciCommand(env: NodeJS.ProcessEnv = process.env): string[] {
  const words = splitCommandLine(env.GATEHOUSE_TSCI ?? '');
  return words.length ? words : ['tsci'];
}

/** tsci's own switches that make it skip its prompts (besides CI's, which every driven program loses). */
export const TSCI_NON_INTERACTIVE_VARS = ['TSCI_TEST_MODE', 'NODE_ENV', 'TSCIRCUIT_NON_INTERACTIVE'] as const;

export function tsciEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { ...interactiveEnvironment(env, TSCI_NON_INTERACTIVE_VARS), TERM: 'xterm-256color' };
}

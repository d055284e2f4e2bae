/**
 * The prompt as shown under its title: when the prompt's first line is the title (as it is when the agent gave
 * no title, or repeated it as a heading), that line is left out so the page does not say it twice. A prompt that is
 * exactly the title has no body: '' (the portal, the terminal UI and Telegram then show the title alone).
 */
export function promptBelowTitle(prompt: string, title: string): string {
  const lines = prompt.split('\n');
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) return '';
  const clean = lines[first].replace(/^#+\s*/, '').trim();
  const want = title.trim();
  const same = clean === want || (want.endsWith('…') && clean.startsWith(want.slice(0, -1)) && clean.length > 80);
  if (!same) return prompt;
  const rest = lines.slice(first + 1).join('\n').trim();
  // A title cut short (…) does not hold the whole line: then the line is the body.
  return rest || (clean === want ? '' : prompt);
}

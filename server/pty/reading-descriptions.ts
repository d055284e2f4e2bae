// What describes each option of a list a person reads: the lines drawn under an option before the next one (a
// two-line item's dim line, a spaced option's paragraph, details indented under a row). Part of the one screen
// reader (reading.ts): options stay the rows' texts, their descriptions are relayed beside them.
import type { Row } from './reading-rows.js';

/**
 * For each option row (in order), the text of the rows under it — after it, before the next option, not further
 * left than it, not set aside and not the typing line — joined by spaces; null where there is none. Under the last
 * option only a run with no blank line before it, at most as long as the other options' descriptions (a "↓ more"
 * or a key hint under the list is no option's). Null when no option has one.
 */
export function descriptionsOf(options: Row[], rows: Row[], notDescription: Set<number>): Array<string | null> | null {
  if (options.length < 2) return null;
  const at = new Map(rows.map((r) => [r.index, r]));
  const lines: Row[][] = options.map((option, i) => {
    const end = i + 1 < options.length ? options[i + 1].index : Infinity;
    const under: Row[] = [];
    for (let k = option.index + 1; k < end; k++) {
      const row = at.get(k);
      if (!row || notDescription.has(k)) break;
      if (row.column < option.column || row.marker || row.mark) break;
      if (i + 1 === options.length && row.gapBefore) break;
      under.push(row);
    }
    return under;
  });
  const most = Math.max(0, ...lines.slice(0, -1).map((l) => l.length));
  lines[lines.length - 1] = lines[lines.length - 1].slice(0, most);
  const texts = lines.map((l) => (l.length ? l.map((r) => r.text.trim()).join(' ') : null));
  return texts.some((t) => t !== null) ? texts : null;
}

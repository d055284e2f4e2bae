// An edit by old and new text (Claude Code Edit/MultiEdit, Gemini CLI replace, Qwen Code edit) applied to the
// file's text as the CLI would: the first occurrence, or all of them when the input says so; an empty old text on
// a missing file makes it. Only to show the change: the CLI itself edits.

export interface TextReplace {
  old: string;
  new: string;
  all: boolean;
}

export type ReplaceOutcome = { text: string } | { missing: string } | { bad: string };

/** The text after the replacements, in order; or the old text that is not there (the edit will fail). */
export function applyReplaces(before: string | null, edits: TextReplace[]): ReplaceOutcome {
  let text = before;
  for (const [i, e] of edits.entries()) {
    if (text === null) {
      if (i === 0 && e.old === '') {
        text = e.new;
        continue;
      }
      return { missing: e.old };
    }
    if (e.old === '') {
      if (text === '') {
        text = e.new;
        continue;
      }
      return { bad: 'the old text is empty but the file is not: the edit will fail' };
    }
    const at = text.indexOf(e.old);
    if (at < 0) return { missing: e.old };
    text = e.all ? text.split(e.old).join(e.new) : text.slice(0, at) + e.new + text.slice(at + e.old.length);
  }
  return { text: text ?? '' };
}

// A permission gate's view (issue 22) in a Telegram message: for an edit, each file's path, what happens to it and
// its +/− counts, then the first lines of the diff in monospace; a command one part per line with its marks; an MCP
// call's arguments. The gate link follows for the rest.
import { changeLabel, countsText, type PermissionView } from '../../../shared/permission/view.js';
import { escapeTelegramHtml as esc } from './telegram-markdown.js';

/** Diff lines in the message (all files together); the portal shows the rest. */
export const TELEGRAM_DIFF_LINES = 12;
const LINE_CHARS = 120;
const VALUE_CHARS = 300;

export function telegramPermissionPart(view: PermissionView, gateUrl: string): string {
  const risk = view.risk ? `${view.risk.grade === 'high' ? '🔴' : view.risk.grade === 'medium' ? '🟡' : '🟢'} <b>risk ${esc(view.risk.grade)}</b>: ${esc(view.risk.reasons.join('; '))}\n` : '';
  return risk + viewPart(view, gateUrl);
}

function viewPart(view: PermissionView, gateUrl: string): string {
  switch (view.kind) {
    case 'edit': {
      const out: string[] = [];
      let left = TELEGRAM_DIFF_LINES;
      let hidden = 0;
      for (const file of view.files) {
        const counts = file.problem ? '' : ` <b>${esc(countsText(file.added, file.removed))}</b>`;
        out.push(`📝 <code>${esc(file.path)}</code> (${esc(changeLabel(file))}${file.outside ? ', outside the project' : ''})${counts}`);
        if (file.problem_text) out.push(`⚠️ <b>${esc(file.problem_text)}</b>`);
        const changed = file.hunks.flatMap((h) => h.lines.filter((l) => l.op !== ' '));
        const shown = changed.slice(0, Math.max(0, left));
        left -= shown.length;
        hidden += changed.length - shown.length + (file.truncated ? 1 : 0);
        if (shown.length) out.push(`<pre>${shown.map((l) => esc(`${l.op === '+' ? '+' : '-'}${String(l.op === '+' ? l.new : l.old).padStart(4)} ${cut(l.text, LINE_CHARS)}`)).join('\n')}</pre>`);
      }
      if (hidden > 0) out.push(`<i>… more lines of the diff:</i> ${esc(gateUrl)}`);
      return out.join('\n');
    }
    case 'command': {
      const lines = view.parts.map((p) => `${'  '.repeat(p.depth)}${p.joiner ? `${p.joiner} ` : ''}${cut(p.text, LINE_CHARS)}`);
      const marks = view.marks.map((m) => `⚠️ ${esc(m.text)}`);
      return [`<pre>${esc(lines.join('\n'))}</pre>`, ...(view.cwd ? [`<i>in ${esc(view.cwd)}</i>`] : []), ...marks].join('\n');
    }
    case 'mcp':
      return [`🔌 MCP server <b>${esc(view.server)}</b> · tool <b>${esc(view.tool)}</b>`, ...view.args.map((a) => `• <b>${esc(a.name)}</b>: <code>${esc(cut(a.value, VALUE_CHARS))}</code>`)].join('\n');
  }
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

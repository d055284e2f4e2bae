// A permission gate's view (issue 22) as terminal lines: a coloured diff with the same +/− counts as the portal,
// a command one part per line with its marks, an MCP call's arguments. Part of the choice screen's body, so it
// scrolls with it (PgUp/PgDn). Text from the agent is shown with its control characters made visible.
import type { DiffLine, PermissionView } from '../../shared/permission/view.js';
import type { Translate } from './translate.js';
import { style, truncate } from './ansi.js';

/** Diff lines shown in the terminal; the portal shows them all. */
export const MAX_TERMINAL_DIFF_LINES = 400;

export function permissionLines(view: PermissionView, width: number, t: Translate): string[] {
  const fit = (text: string) => truncate(text, width);
  const out: string[] = [];
  if (view.risk) {
    const line = t('permission.risk', { grade: view.risk.grade, reasons: visible(view.risk.reasons.join('; ')) });
    out.push(fit(view.risk.grade === 'high' ? style.red(style.bold(line)) : view.risk.grade === 'medium' ? style.yellow(line) : style.dim(line)));
  }
  switch (view.kind) {
    case 'edit': {
      let left = MAX_TERMINAL_DIFF_LINES;
      for (const file of view.files) {
        const counts = file.problem ? '' : ` ${style.green(`+${file.added}`)} ${style.red(`−${file.removed}`)}`;
        const marks = [t(`permission.change.${file.change}`), file.moved_to ? t('permission.movedTo', { path: visible(file.moved_to) }) : '', file.cell ? t('permission.cell', { cell: visible(file.cell) }) : '', file.outside ? t('permission.outside') : ''].filter(Boolean).join(', ');
        out.push(fit(`${style.bold(visible(file.path))} (${marks})${counts}`));
        if (file.problem_text) out.push(fit(style.red(`  ${file.problem_text}`)));
        const all = file.hunks.reduce((n, h) => n + h.lines.length, 0);
        let shown = 0;
        for (const hunk of file.hunks) {
          if (left <= 0) break;
          out.push(fit(style.dim(`@@ −${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@`)));
          const lines = hunk.lines.slice(0, left);
          for (const line of lines) out.push(fit(diffLine(line)));
          left -= lines.length;
          shown += lines.length;
        }
        if (shown < all) out.push(fit(style.dim(`  ${t('permission.moreLines', { count: all - shown })}`)));
        if (file.truncated) out.push(fit(style.dim(`  ${t('permission.truncated')}`)));
      }
      break;
    }
    case 'command':
      if (view.cwd) out.push(fit(style.dim(t('permission.cwd', { cwd: visible(view.cwd) }))));
      for (const part of view.parts) {
        const indent = '  '.repeat(part.depth);
        out.push(fit(`${indent}${part.joiner ? `${style.dim(part.joiner)} ` : ''}${visible(part.text)}`));
        for (const mark of part.marks) out.push(fit(`${indent}  ${style.yellow(`⚠ ${mark.text}`)}`));
      }
      for (const mark of view.marks.filter((m) => m.kind === 'unparsed')) out.push(fit(style.yellow(`⚠ ${mark.text}`)));
      break;
    case 'mcp':
      out.push(fit(t('permission.mcp', { server: style.bold(visible(view.server)), tool: style.bold(visible(view.tool)) })));
      for (const arg of view.args) out.push(fit(`  ${style.cyan(visible(arg.name))}: ${visible(arg.value)}`));
      break;
  }
  return out;
}

function diffLine(line: DiffLine): string {
  const numbers = `${String(line.old ?? '').padStart(4)} ${String(line.new ?? '').padStart(4)}`;
  const text = visible(line.text);
  if (line.op === '+') return `${style.dim(numbers)} ${style.green(`+ ${text}`)}`;
  if (line.op === '-') return `${style.dim(numbers)} ${style.red(`- ${text}`)}`;
  return `${style.dim(numbers)}   ${text}`;
}

/** Tabs as spaces; other control characters (escape sequences in a file) as visible symbols, never sent raw. */
function visible(text: string): string {
  return text.replace(/\t/g, '    ').replace(/[\x00-\x1f\x7f\x9b]/g, (c) => (c === '\x1b' ? '␛' : '�'));
}

// Each CLI's edit and write tools, by the tool name its hook sends, read into one form: replace old text with new,
// write a whole file, edit a notebook cell, or a Codex patch. Names and fields as the real CLIs send them
// (recorded inputs: test/fixtures/hook-inputs/): Claude Code 2.1 Edit/MultiEdit/Write/NotebookEdit, Codex 0.169
// apply_patch, Gemini CLI 0.61 replace/write_file, Qwen Code 0.15 edit/write_file.
import type { TextReplace } from './replace-edit.js';

export type EditRequest =
  | { kind: 'replace'; path: string; edits: TextReplace[] }
  | { kind: 'write'; path: string; content: string }
  | { kind: 'notebook'; path: string; cell: string | null; source: string; mode: 'replace' | 'insert' | 'delete' }
  | { kind: 'patch'; text: string };

type Reader = (input: Record<string, unknown>) => EditRequest;

const replaceOne: Reader = (input) => ({
  kind: 'replace',
  path: text(input, 'file_path'),
  edits: [{ old: text(input, 'old_string', true), new: text(input, 'new_string', true), all: input.replace_all === true || input.allow_multiple === true || (typeof input.expected_replacements === 'number' && input.expected_replacements > 1) }],
});
const write: Reader = (input) => ({ kind: 'write', path: text(input, 'file_path'), content: text(input, 'content', true) });

const READERS: Record<string, Record<string, Reader>> = {
  claude: {
    Edit: replaceOne,
    Write: write,
    MultiEdit: (input) => {
      if (!Array.isArray(input.edits) || input.edits.length === 0) throw new Error('tool_input.edits must be a non-empty list of {old_string, new_string}');
      return {
        kind: 'replace',
        path: text(input, 'file_path'),
        edits: input.edits.map((e, i) => {
          if (!e || typeof e !== 'object') throw new Error(`tool_input.edits[${i}] must be an object {old_string, new_string}`);
          const edit = e as Record<string, unknown>;
          return { old: text(edit, 'old_string', true, `edits[${i}].`), new: text(edit, 'new_string', true, `edits[${i}].`), all: edit.replace_all === true };
        }),
      };
    },
    NotebookEdit: (input) => {
      const mode = input.edit_mode === 'insert' || input.edit_mode === 'delete' ? input.edit_mode : 'replace';
      return { kind: 'notebook', path: text(input, 'notebook_path'), cell: typeof input.cell_id === 'string' ? input.cell_id : null, source: mode === 'delete' ? '' : text(input, 'new_source', true), mode };
    },
  },
  codex: {
    apply_patch: (input) => {
      for (const name of ['command', 'patch', 'input']) {
        const value = input[name];
        if (typeof value === 'string' && value.includes('*** Begin Patch')) return { kind: 'patch', text: value };
        if (Array.isArray(value)) {
          const found = value.find((v): v is string => typeof v === 'string' && v.includes('*** Begin Patch'));
          if (found) return { kind: 'patch', text: found };
        }
      }
      throw new Error('tool_input.command (or patch, input) must hold the patch ("*** Begin Patch" …)');
    },
  },
  gemini: { replace: replaceOne, write_file: write },
  qwen: { edit: replaceOne, write_file: write },
};

/** Whether `tool` of `agent` edits or writes files (so its gate shows a diff). */
export function isEditTool(agent: string, tool: string): boolean {
  return Boolean(READERS[agent]?.[tool]);
}

/** The edit `tool_input` asks for; throws an Error naming the field that is not what the CLI sends. */
export function readEditRequest(agent: string, tool: string, input: unknown): EditRequest {
  const reader = READERS[agent]?.[tool];
  if (!reader) throw new Error(`${agent} ${tool} is not an edit tool`);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('tool_input must be an object');
  return reader(input as Record<string, unknown>);
}

function text(input: Record<string, unknown>, name: string, emptyOk = false, prefix = ''): string {
  const value = input[name];
  if (typeof value !== 'string' || (!emptyOk && value === '')) throw new Error(`tool_input.${prefix}${name} must be ${emptyOk ? 'a string' : 'a non-empty string'} (got ${JSON.stringify(value) ?? 'nothing'})`);
  return value;
}

import { readFile } from 'node:fs/promises';
import { ArgumentError } from '../parse-arguments.js';

/** The flags of a one-question `ask`; each question in a --questions file carries its own instead. */
export const ONE_QUESTION_FLAGS = ['option', 'recommended', 'multi', 'min', 'max', 'free-text'] as const;

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * `--questions <file>` (or `-` for stdin): a JSON array of 1–4 questions, each
 * `{question, header?, options: [{id, label, description?, recommended?}], multi_select?, allow_free_text?}` —
 * the `questions` of provide_choice, checked by the hub like any request. Only unreadable or non-JSON input is
 * refused here.
 */
export async function readQuestions(source: string, stdin: NodeJS.ReadableStream): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await readAll(stdin) : await readFile(source, 'utf8');
  } catch (err) {
    throw new ArgumentError(`--questions ${JSON.stringify(source)}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ArgumentError(`--questions ${JSON.stringify(source)}: not JSON (${(err as Error).message}); give an array of {question, header?, options, multi_select?, allow_free_text?}`);
  }
}

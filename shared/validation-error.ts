import type { z } from 'zod';

/** One problem in a request, with the field it concerns written as a path (`options[2].id`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** `['options', 2, 'id']` → `options[2].id`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(request)';
}

export function problemsFromZod(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: formatPath([...issue.path, key]), message: 'unknown field' }))
      : [{ field: formatPath(issue.path), message: issue.message }],
  );
}

/** `options[2].id: duplicate "pg"; timeout_seconds: expected a number` */
export function describeProblems(problems: FieldProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.message}`).join('; ');
}

/** Thrown (and returned over HTTP as 400) when a request does not validate. */
export class RequestValidationError extends Error {
  readonly problems: FieldProblem[];
  constructor(problems: FieldProblem[]) {
    super(describeProblems(problems));
    this.name = 'RequestValidationError';
    this.problems = problems;
  }
}

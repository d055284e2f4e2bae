import type { FieldProblem } from '../../shared/validation-error.js';

/** An error answer from the hub, with its HTTP status, code and field problems. */
export class HubRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problems: FieldProblem[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'HubRequestError';
  }
}

// Cases of the prompt matrix that still fail on main, with what was seen. A listed case still runs and its
// outcome (a wrong pick marked WRONG PICK) is printed at the end of the run; it does not fail the suite, so main
// stays green while server/pty is rebuilt (issue 10). Remove a style as soon as it passes — the run's report
// lists the known failures that now pass. Details for the PTY core: FINDINGS.md.
export const KNOWN_PROMPT_MATRIX_FAILURES: Record<string, string> = {};

/**
 * While set, randomised.test.ts prints its violations instead of failing (same reason as above). Set it to null
 * once the verified key path lands.
 */
export const KNOWN_RANDOMISED_FAILURE: string | null = null;

/**
 * The environment of a program gatehouse drives in a pseudo-terminal. Such a program is interactive — a person or
 * an agent answers it — so the variables that tell programs they run on a CI machine are left out: with them, Ink
 * draws nothing until it exits (is-in-ci: `CI`, `CONTINUOUS_INTEGRATION`, any `CI_*`), clack draws its plain CI
 * layout (`CI=true`), and many CLIs skip their prompts. They are set when gatehouse itself runs on a CI machine.
 * `alsoLeaveOut` names a program's own switches (tsci's test mode). Unset values are dropped.
 */
export function interactiveEnvironment(
  env: Record<string, string | undefined> = process.env,
  alsoLeaveOut: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || isCiVariable(key) || alsoLeaveOut.includes(key)) continue;
    out[key] = value;
  }
  return out;
}

const isCiVariable = (key: string): boolean => key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_');

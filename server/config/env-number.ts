/** Reads a numeric environment variable; a value that is not a number is an error naming the variable. */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${name}: expected a number ≥ ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

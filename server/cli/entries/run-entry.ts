import type { CliCommand, CliIo, ParsedArgs } from '../command.js';
import { languageEnvProblem } from '../../settings/language.js';

/** Runs one command as main.ts would (same io, same error line, exit code in process.exitCode). */
export async function runEntry(command: CliCommand, args: ParsedArgs): Promise<void> {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
  // As main.ts does: a bad CHOICE_LANG is said to whoever runs this (a detached hub has no one to say it to).
  const languageProblem = languageEnvProblem(process.env);
  if (languageProblem && args.values.background !== true) io.stderr.write(`gatehouse: ${languageProblem}\n`);
  try {
    process.exitCode = await command.run(args, io);
  } catch (err) {
    io.stderr.write(`gatehouse ${command.name}: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}

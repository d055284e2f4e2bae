import type { ParseArgsConfig } from 'node:util';

export interface CliIo {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** One `gatehouse <name>` subcommand. Registered in command-list.ts. */
export interface CliCommand {
  name: string;
  /** One line for `gatehouse --help`. */
  summary: string;
  /** Full text for `gatehouse <name> --help` (usage line, options, examples). */
  help: string;
  options?: ParseArgsConfig['options'];
  allowPositionals?: boolean;
  /** Returns the process exit code. */
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

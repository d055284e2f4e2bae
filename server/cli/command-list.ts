import type { CliCommand } from './command.js';

/** Every `gatehouse` subcommand, in the order `--help` lists them. One line each. */
export const commands: CliCommand[] = [
];

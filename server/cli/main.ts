import { commands } from './command-list.js';
import { packageVersion } from '../package-info.js';
import type { CliIo } from './command.js';
import { parseArguments } from './parse-arguments.js';
import { languageEnvProblem } from '../settings/language.js';

const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };

function overview(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `gatehouse ${packageVersion} — one local hub where every gate an AI coding agent reaches is handled, seen and remembered.`,
    '',
    'Usage: gatehouse <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options: --help (any command), --version',
    'Environment: GATEHOUSE_HOME, GATEHOUSE_PORT, GATEHOUSE_HOST, GATEHOUSE_IDLE_SECONDS, GATEHOUSE_RETENTION_DAYS,',
    '             GATEHOUSE_MAX_HISTORY, GATEHOUSE_NO_BROWSER, GATEHOUSE_TLS, GATEHOUSE_ALLOW_PLAIN_HTTP,',
    '             GATEHOUSE_HUB, GATEHOUSE_AGENT_KEY, GATEHOUSE_HUB_FINGERPRINT, CHOICE_LANG (see README).',
  ].join('\n');
}

/** Parses argv and runs one subcommand; returns its exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(overview() + '\n');
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(packageVersion + '\n');
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  // A bad CHOICE_LANG is said to whoever runs this (for `gatehouse mcp`: the MCP client's server log).
  const languageProblem = languageEnvProblem(process.env);
  if (languageProblem && command && !(name === 'hub' && rest.includes('--background'))) io.stderr.write(`gatehouse: ${languageProblem}\n`);
  if (!command) {
    io.stderr.write(`gatehouse: unknown command ${JSON.stringify(name)}\n\n${overview()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.help.trimEnd() + '\n');
    return 0;
  }
  if (rest.includes('--version')) {
    io.stdout.write(packageVersion + '\n');
    return 0;
  }
  let parsed;
  try {
    parsed = parseArguments(rest, command.options ?? {}, command.allowPositionals ?? false);
  } catch (err) {
    io.stderr.write(`gatehouse ${name}: ${(err as Error).message}\n\n${command.help.trimEnd()}\n`);
    return 2;
  }
  try {
    return await command.run(parsed as never, io);
  } catch (err) {
    io.stderr.write(`gatehouse ${name}: ${(err as Error).message}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;

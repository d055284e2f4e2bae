// The test bed's results, as README's "Tested with" table is made from them: a real-agent test calls
// recordTestedWith(cli, area, { covers }) (in a beforeEach or its body; `covers` names what it shows the CLI doing,
// e.g. the screens recognised and the policies applied, and goes into the table's cell) and, once it has finished, its outcome is written to
// test/agents/tested-with/<cli>.<area>.<test file>.json with the CLI version it ran against. One file per test
// file, so parallel test files never write the same file. `node test/support/tested-with-table.mjs --write`
// turns those files into the table; test/support/tested-with-table.test.ts checks README matches them.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { onTestFinished } from 'vitest';
import { packageRoot } from '../../server/package-info.js';
import { installedVersion, type AgentCli } from '../support/model-standins/agent-setups.js';

/** The table's columns (besides CLI and version). */
export type TestedArea = 'mcp-client' | 'hooks' | 'orchestrator';

export const resultsDir = join(packageRoot, 'test/agents/tested-with');

interface ResultsFile {
  cli: AgentCli;
  area: TestedArea;
  version: string | null;
  /** Full test name → its last outcome. */
  tests: Record<string, 'pass' | 'fail'>;
  /** Full test name → what it shows the CLI doing (the table lists those of passing tests). */
  covers?: Record<string, string>;
}

export interface RecordOptions {
  /** What the test shows the CLI doing, for the table's cell (screens recognised, policies applied…). */
  covers?: string;
  /** The test context's own onTestFinished in concurrent tests (the global one cannot tell them apart). */
  onFinished?: typeof onTestFinished;
}

export function recordTestedWith(cli: AgentCli, area: TestedArea, { covers, onFinished = onTestFinished }: RecordOptions = {}): void {
  onFinished(({ task }) => {
    const state = task.result?.state;
    if (state !== 'pass' && state !== 'fail') return;
    const file = join(resultsDir, `${cli}.${area}.${basename(task.file.name).replace(/\.test\.ts$/, '')}.json`);
    const version = installedVersion(cli);
    let results: ResultsFile = { cli, area, version, tests: {} };
    try {
      const previous = JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
      // Outcomes of another version say nothing about this one.
      if (previous.version === version) results = previous;
    } catch {
      // first result of this file
    }
    results.tests[task.fullName] = state;
    results.tests = Object.fromEntries(Object.entries(results.tests).sort(([a], [b]) => a.localeCompare(b)));
    const coverage = { ...results.covers };
    if (covers) coverage[task.fullName] = covers;
    else delete coverage[task.fullName];
    if (Object.keys(coverage).length) results.covers = Object.fromEntries(Object.entries(coverage).sort(([a], [b]) => a.localeCompare(b)));
    else delete results.covers;
    mkdirSync(resultsDir, { recursive: true });
    // Renamed into place: the README check may read these files while other test files run.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(results, null, 2)}\n`);
    renameSync(temp, file);
  });
}

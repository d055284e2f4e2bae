// A person who takes 5 minutes, with each real CLI as an MCP client registered by the README's own snippet:
// the model (stand-in) asks with provide_choice and then does exactly what each pending answer says — calls
// again with its next_call, unchanged (the default 30 s wait) — and a person answers only once the model has
// been polling for 5 minutes of real time. The model must get the person's answer as its tool result, and no
// call may have been refused on the way (a loop detector, a client's tool timeout, an approval).
// The four CLIs run at once (describe.concurrent), so the suite pays the 5 minutes once.
import { describe, expect, it } from 'vitest';
import type { ScriptStep } from '../support/model-standins/script.js';
import { skipUnlessInstalled } from '../support/agent-hook-run.js';
import { answerInPortal, answerWithGatehouseAnswer, CASES, finalResult, findResult, followNextCall, pollsMade, QUESTION, refusedCalls, startAsking, submitted } from './mcp-client-run.js';
import { recordTestedWith } from './tested-with.js';

/** How long the person takes, at least. The question's own timeout is longer (the default is exactly 5 minutes). */
const PERSON_TAKES_MS = 300_000;
const ASKED = { ...QUESTION, timeout_seconds: 900 };
/** More steps than 5 minutes of 30 s polls need; past the end the stand-in would say "done" and the test fail. */
const script: ScriptStep[] = [{ tool: 'provide_choice', args: ASKED }, ...Array<ScriptStep>(40).fill(followNextCall)];

/** Two answer in the portal, two with `gatehouse answer`: both ways reach every kind of client. */
const ANSWERED_IN = { claude: 'web', codex: 'cli', gemini: 'web', qwen: 'cli' } as const;

describe.concurrent('a person who takes 5 minutes to answer (each CLI as an MCP client, README snippet)', () => {
  for (const { cli, name, option } of CASES) {
    it.skipIf(skipUnlessInstalled(cli))(`${name}: keeps polling as next_call says and gets the answer`, { timeout: 900_000 }, async ({ onTestFinished }) => {
      recordTestedWith(cli, 'mcp-client', { onFinished: onTestFinished });
      // Four CLIs starting at once on a loaded machine: screen waits get more room than in the one-CLI tests.
      const run = await startAsking(cli, script, 180_000);
      onTestFinished(() => run.close());
      const question = await run.pendingQuestion();
      const askedAt = Date.parse(question.created_at);
      // The precondition, not an assertion of speed: a poll the model made after 5 minutes was answered pending.
      await run.standin
        .waitFor(
          (r) => r.conversation && r.at - askedAt >= PERSON_TAKES_MS && r.toolResults.some((t) => findResult(t.output)?.status === 'pending'),
          'the model was still polling, answered pending, 5 minutes after it asked',
          PERSON_TAKES_MS + 240_000,
        )
        .catch((err) => {
          throw new Error(`${err.message}\n${name} shows:\n${run.cli.screen().join('\n')}`);
        });
      if (ANSWERED_IN[cli] === 'web') await answerInPortal(run, question.id, option.id);
      else await answerWithGatehouseAnswer(run, question.id, option.id);

      expect(await finalResult(run, 180_000)).toEqual(submitted(question.id, option, ANSWERED_IN[cli]));
      expect(refusedCalls(run)).toEqual([]);
      // Every call the model made was the next_call it had been handed: poll 1, 2, 3, … with none skipped.
      const polls = pollsMade(run);
      expect(polls).toEqual(Array.from({ length: polls.length }, (_, i) => i + 1));
      // The model said what the person chose, and the CLI went on to the end of its turn.
      await run.standin.waitFor((r) => (r.answered as { text?: string } | undefined)?.text === `The person chose ${option.label}.`, 'the model replied with the choice');
      expect(run.cli.exited).toBeNull();
    });
  }
});

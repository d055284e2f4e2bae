// The real agent CLIs as MCP clients of `gatehouse mcp`, registered with the README's own snippet: the model
// (stand-in) starts a choice and polls it, a person answers with `gatehouse answer`, and the test asserts the
// exact tool result the model received. A person who takes 5 minutes: mcp-clients-slow-person.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptStep } from '../support/model-standins/script.js';
import { skipUnlessInstalled, type HookRun } from '../support/agent-hook-run.js';
import { answerWithGatehouseAnswer, CASES, finalResult, nextCall, pollQuickly, pollsMade, QUESTION, refusedCalls, resultJson, startAsking, submitted } from './mcp-client-run.js';
import { recordTestedWith } from './tested-with.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

const script: ScriptStep[] = [
  { tool: 'provide_choice', args: QUESTION },
  (seen) => ({ tool: 'provide_choice', args: nextCall(resultJson(seen[0])) }),
  (seen) => {
    const r = resultJson(seen[0]);
    return r.status === 'pending' ? { tool: 'provide_choice', args: { ...r.next_call, wait_seconds: 50 } } : { text: `The person chose ${r.selected?.[0]?.label}.` };
  },
];

const PATIENT_POLLS = 7;

for (const { cli, name, option } of CASES) {
  describe.skipIf(skipUnlessInstalled(cli))(`${name} as an MCP client (README snippet)`, () => {
    beforeEach(() => recordTestedWith(cli, 'mcp-client'));
    it('gets the typed answer a person gave with gatehouse answer', { timeout: 180_000 }, async () => {
      run = await startAsking(cli, script);
      const question = await run.pendingQuestion();
      await answerWithGatehouseAnswer(run, question.id, option.id);
      expect(await finalResult(run)).toEqual(submitted(question.id, option, 'cli'));
      expect(refusedCalls(run)).toEqual([]);
    });

    // Gemini CLI stops the fifth identical tool call as a loop (Qwen Code inherited the detector): every pending
    // answer hands back a next_call whose poll counts up, so a person slower than the polls is still waited for.
    it.runIf(cli === 'gemini' || cli === 'qwen')(`polls ${PATIENT_POLLS} times while the person takes their time; no poll is stopped as a loop`, { timeout: 240_000 }, async () => {
      const patient = await startAsking(cli, [{ tool: 'provide_choice', args: QUESTION }, ...Array<ScriptStep>(3 * PATIENT_POLLS).fill(pollQuickly)]);
      run = patient;
      await patient.standin.waitFor(() => pollsMade(patient).length >= PATIENT_POLLS + 1, `${PATIENT_POLLS} polls were answered pending`, 180_000);
      const question = await patient.pendingQuestion();
      await answerWithGatehouseAnswer(patient, question.id, option.id);
      expect(await finalResult(patient)).toEqual(submitted(question.id, option, 'cli'));
      expect(refusedCalls(patient)).toEqual([]);
      // The calls the model made differ from each other: poll 1, 2, 3, … as each next_call said.
      expect(pollsMade(patient).slice(0, PATIENT_POLLS + 1)).toEqual(Array.from({ length: PATIENT_POLLS + 1 }, (_, i) => i + 1));
    });
  });
}

// A task's answer handlers (with autoApprove) over one interaction: what the handlers see of it, and how the
// action they return is applied to the program — keys, text, or a pick made with verified keys.
import type { HandlerContext, AnswerAction } from './answer-types.js';
import type { TaskTerminal } from '../terminal/task-terminal.js';
import type { InteractionView, TaskState } from '../task/task-types.js';

/** What a handler sees: the interaction plus the task's context. */
export function handlerContext(state: TaskState, sessionGoal: string | null, interaction: InteractionView): HandlerContext {
  return {
    prompt: interaction.prompt,
    options: interaction.options,
    cursor: interaction.cursor,
    screen: interaction.screen,
    task: {
      name: state.name,
      adapter: state.adapter,
      goal: state.goal ?? sessionGoal,
      sessionGoal,
      autoAnswered: state.autoAnswered,
    },
  };
}

/**
 * Applies an answer handler's action; resolves with the refusal when it could not be applied as planned (a pick the screen
 * did not answer as planned, text the program did not take). A wrong pick — the program took another option than
 * the one checked before Enter — is handed to `wrongPick`, which fails the task loudly and ends it.
 */
export async function applyAnswer(terminal: TaskTerminal, action: AnswerAction, wrongPick: (reason: string) => Promise<void>): Promise<string | null> {
  if (action.type === 'keys') terminal.write(action.keys);
  else if (action.type === 'named-keys') await terminal.pressKeys(action.keys);
  else if (action.type === 'text') {
    const refused = await terminal.typeText(action.text, action.submit).then(
      () => null,
      (error: Error) => error.message,
    );
    if (refused) return `answer handler ${action.label ?? 'text'} was not applied: ${refused}`;
  } else {
    const result = await terminal.choose(action.index);
    if (!result.ok && result.wrongPick !== undefined) await wrongPick(`answer handler ${action.label ?? 'choose'}: ${result.error}`);
    else if (!result.ok) return `answer handler ${action.label ?? 'choose'} was not applied: ${result.error}`;
  }
  return null;
}

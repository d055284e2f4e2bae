// A question read off a task's screen (a menu, a confirm, a text field): the task's answer handlers answer it (autoApprove
// with its handlers, applied with verified keys), else it becomes the task's interaction (WAITING_FOR_USER) and a
// person decides. Also hands a person the screens gatehouse will not answer itself: one its own answer left
// unchanged, and one where its own input was refused. (Questions from the agent's own hook: task-hook-questions.ts.)
import type { AnswerAction } from '../auto-answers/answer-types.js';
import type { TerminalWait } from '../terminal/task-terminal.js';
import type { InteractionView, TaskState } from './task-types.js';

/** What the task runner lends the screen questions. */
export interface ScreenQuestionHost {
  readonly state: TaskState;
  /** The task's handlers over this interaction (null when autoApprove is off or none applies). */
  autoAnswer(interaction: InteractionView): AnswerAction | null;
  /**
   * Applies the answer handler's action to the program as gatehouse's own input (a wrong pick fails the task); resolves
   * with the refusal when it could not be applied as planned.
   */
  answer(action: AnswerAction): Promise<string | null>;
  /** Change the task's state; `signal`, when given, is recorded as what decided a status change. */
  update(change: (task: TaskState) => void, signal?: string): void;
  needsUser(): void;
  autoAnswered(action: AnswerAction): void;
}

export class TaskScreenQuestions {
  constructor(private readonly host: ScreenQuestionHost) {}

  /** The screen asks something: an answer handler answers it, else a person is asked (once per prompt). */
  ask(wait: TerminalWait): void {
    const host = this.host;
    const interaction = { prompt: wait.prompt, options: wait.options, cursor: wait.cursor, screen: wait.screen };
    const alreadyAsked = host.state.status === 'WAITING_FOR_USER' && host.state.interaction?.prompt === interaction.prompt;
    host.update((t) => {
      t.status = 'AWAITING_INTERACTION';
      t.interaction = interaction;
    });
    const action = host.autoAnswer(interaction);
    if (action) {
      host.update((t) => {
        t.autoAnswered += 1;
        t.status = 'RUNNING';
        t.interaction = null;
      }, `answer handler ${action.label ?? action.type}`);
      void host.answer(action).then((refused) => {
        if (host.state.status === 'FAILED') return;
        if (!refused) return void host.autoAnswered(action);
        // The answer handler's pick could not be made as planned: a person decides, told what was seen.
        host.update((t) => {
          t.status = 'WAITING_FOR_USER';
          t.interaction = { ...interaction, screen: `${refused}\n\n${interaction.screen}` };
        });
        host.needsUser();
      });
      return;
    }
    host.update((t) => (t.status = 'WAITING_FOR_USER'));
    if (!alreadyAsked) host.needsUser();
  }

  /**
   * The program waits on the screen gatehouse itself just answered, showing nothing new: the answer was taken
   * without effect (or the program re-presented the same screen). Not answered again — a person decides, told why.
   */
  unchangedAfterOwnAnswer(wait: TerminalWait): void {
    if (this.host.state.status === 'WAITING_FOR_USER') return;
    const note = 'gatehouse answered this screen and the program shows nothing new since; it is not answered twice';
    this.host.update((t) => {
      t.status = 'WAITING_FOR_USER';
      t.interaction = { prompt: wait.prompt, options: wait.options, cursor: wait.cursor, screen: `${note}\n\n${wait.screen}` };
    });
    this.host.needsUser();
  }

  /** gatehouse's own input was refused (nothing submitted): a person decides, told what was seen. */
  ownInputRefused(why: string): void {
    const status = this.host.state.status;
    if (status === 'DONE' || status === 'FAILED') return;
    this.host.update((t) => {
      t.status = 'WAITING_FOR_USER';
      t.interaction = { ...(t.interaction ?? { prompt: '', options: [], cursor: 0 }), screen: why };
    });
    if (status !== 'WAITING_FOR_USER') this.host.needsUser();
  }
}

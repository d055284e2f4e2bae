import type { InteractionsDelta } from '../../shared/ws-messages.js';
import type { HubClient } from '../hub-client/hub-client.js';
import { fitLine, style, wrap } from './ansi.js';
import { answerInTerminal, currentTranslate } from './answer-in-terminal.js';
import { EXIT } from './exit-codes.js';
import { HubLive } from './hub-live.js';
import { fetchOldestPending } from './pick-session.js';
import { TerminalIo, type TerminalStreams } from './terminal-io.js';

/** Waits until something changes: a new or changed active interaction, or the person quits / the hub goes. */
function waitForWork(term: TerminalIo, live: HubLive): Promise<'work' | 'quit' | 'lost'> {
  return new Promise((resolve) => {
    const done = (why: 'work' | 'quit' | 'lost') => {
      live.off('interactions', onList).off('lost', onLost);
      term.onKey(null);
      resolve(why);
    };
    // Only a row that is (still or newly) active can be work for the inbox.
    const onList = (delta: InteractionsDelta) => {
      if ([...delta.added, ...delta.changed].some((row) => row.active)) done('work');
    };
    const onLost = () => done('lost');
    live.on('interactions', onList).on('lost', onLost);
    term.onKey((key) => {
      if ((key.name === 'char' && key.char === 'q') || (key.name === 'ctrl' && key.char === 'c') || key.name === 'escape') done('quit');
    });
  });
}

/**
 * `gatehouse watch`: an inbox in the terminal. Opens the oldest pending question, then the next, and waits
 * for new ones in between. Questions moved to the browser from here are skipped afterwards.
 */
export async function runWatchInbox(hub: HubClient, streams: TerminalStreams): Promise<{ exitCode: number; summary: string[] }> {
  const term = new TerminalIo(streams);
  const live = new HubLive(hub);
  const skip = new Set<string>();
  let last: string[] = [];
  await live.connect();
  term.start();
  try {
    for (;;) {
      const id = await fetchOldestPending(hub, skip);
      if (id) {
        const answer = await answerInTerminal(hub, id, streams, { term, live });
        last = answer.summary;
        if (answer.outcome.kind === 'detached' || answer.outcome.kind === 'hub_lost') return { exitCode: answer.exitCode, summary: last };
        if (answer.outcome.kind === 'switched_web' || answer.outcome.kind === 'moved') skip.add(id);
        continue;
      }
      const t = await currentTranslate(hub);
      const paint = () => {
        const lines = [style.bold(t('watch.title')), style.dim('─'.repeat(term.width)), ...wrap(t('watch.waiting'), term.width)];
        if (last.length) lines.push('', ...wrap(t('watch.last', { summary: last.join(' ') }), term.width).map((l) => style.dim(l)));
        lines.push('', style.dim(t('watch.hint')));
        while (lines.length < term.height) lines.push('');
        term.draw(lines.slice(0, term.height).map((l) => fitLine(l, term.width)));
      };
      paint();
      term.onResizeEvent(paint);
      const why = await waitForWork(term, live);
      term.onResizeEvent(null);
      if (why === 'quit') return { exitCode: EXIT.submitted, summary: last };
      if (why === 'lost') return { exitCode: EXIT.hubLost, summary: [t('outcome.hubLost')] };
    }
  } finally {
    term.stop();
    live.close();
  }
}

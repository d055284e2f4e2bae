import { useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';
import { api } from '../state/api.js';
import { useServices } from '../state/app-context.js';

interface SwitchReply {
  session: ChoiceSessionView;
  terminal_command: string;
}

/** "Continue in terminal": hands the session (and its draft) to the terminal UI and shows the command to run. */
export function TerminalSwitch({ session }: { session: ChoiceSessionView }) {
  const { store, boot } = useServices();
  const [command, setCommand] = useState(boot.terminal_command);
  const [copied, setCopied] = useState(false);
  const switchTo = async (iface: 'web' | 'terminal') => {
    const reply = await api<SwitchReply>('POST', `/api/sessions/${encodeURIComponent(session.id)}/interface`, { interface: iface });
    setCommand(reply.terminal_command);
    store.putSession(reply.session);
  };

  if (session.interface !== 'terminal') {
    return (
      <button type="button" class="btn btn-quiet" onClick={() => void switchTo('terminal')} data-testid="to-terminal">
        {t('terminal.continue')}
      </button>
    );
  }
  return (
    <section class="notice terminal-moved" data-testid="terminal-moved">
      <strong>{t('terminal.movedTitle')}</strong>
      <p>{t('terminal.movedHint')}</p>
      <pre class="command" data-testid="terminal-command">{command}</pre>
      <div class="row">
        <button
          type="button"
          class="btn btn-quiet"
          onClick={() => void navigator.clipboard?.writeText(command ?? '').then(() => setCopied(true), () => undefined)}
        >
          {copied ? t('terminal.copied') : t('terminal.copy')}
        </button>
        <button type="button" class="btn" onClick={() => void switchTo('web')} data-testid="to-web">
          {t('terminal.backToWeb')}
        </button>
      </div>
    </section>
  );
}

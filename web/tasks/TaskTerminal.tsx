import { useEffect, useRef, useState } from 'preact/hooks';
import { wsBase } from './task-client.js';
import { t } from '../config/i18n.js';

type Status = 'loading' | 'attached' | 'ended' | 'error';

/**
 * A live terminal attached to a task's PTY over `/api/tasks/:id/terminal`: output is written to xterm.js,
 * keystrokes and size changes go back. xterm.js (and its CSS) is loaded only here, on first use.
 * Unmounting closes the socket: that detaches, the task keeps running.
 */
export function TaskTerminal({ taskId }: { taskId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [message, setMessage] = useState('');

  useEffect(() => {
    let disposed = false;
    let cleanup = () => undefined as void;
    void (async () => {
      const { Terminal, FitAddon } = await import('./xterm-loader.js');
      if (disposed || !host.current) return;
      const term = new Terminal({ convertEol: false, cursorBlink: true, fontSize: 13, scrollback: 5000 });
      const fit = new FitAddon();
      term.loadAddon(fit);
      term.open(host.current);
      fit.fit();
      const socket = new WebSocket(`${wsBase()}/api/tasks/${encodeURIComponent(taskId)}/terminal`);
      const send = (message: object) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
      socket.onopen = () => {
        setStatus('attached');
        send({ type: 'terminal.resize', cols: term.cols, rows: term.rows });
        term.focus();
      };
      socket.onmessage = (event) => {
        const m = JSON.parse(String(event.data)) as { type: string; data?: string; message?: string; code?: number | null };
        if (m.type === 'terminal.output') term.write(m.data ?? '');
        else if (m.type === 'terminal.error') setMessage(m.message ?? '');
        else if (m.type === 'terminal.exit') setMessage(t('taskPage.exited', { code: m.code }));
      };
      socket.onclose = () => !disposed && setStatus((s) => (s === 'attached' ? 'ended' : 'error'));
      const input = term.onData((data) => send({ type: 'terminal.input', data }));
      const resize = term.onResize(({ cols, rows }) => send({ type: 'terminal.resize', cols, rows }));
      const observer = new ResizeObserver(() => fit.fit());
      observer.observe(host.current);
      cleanup = () => {
        observer.disconnect();
        input.dispose();
        resize.dispose();
        socket.close();
        term.dispose();
      };
    })().catch((error: Error) => {
      setStatus('error');
      setMessage(error.message);
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [taskId]);

  return (
    <div class="task-terminal" data-testid="task-terminal" data-status={status}>
      <div class="task-terminal-screen" ref={host} />
      {message && <p class="task-terminal-message" role="status">{message}</p>}
    </div>
  );
}

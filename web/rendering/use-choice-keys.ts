import { useEffect, useRef } from 'preact/hooks';

/** True when a key typed here is text (a note, free text, the minutes field), not a shortcut. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type);
}

/**
 * The choice page's keys, as in the terminal UI: 1–9 pick the option with that number (outside text fields),
 * Ctrl+Enter (Cmd+Enter on a Mac) submits from anywhere, text fields included.
 */
export function useChoiceKeys(optionCount: number, onPick: (index: number) => void, onSubmit: () => void): void {
  const handlers = useRef({ onPick, onSubmit });
  handlers.current = { onPick, onSubmit };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        handlers.current.onSubmit();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      if (!/^[1-9]$/.test(e.key)) return;
      const index = Number(e.key) - 1;
      if (index >= optionCount) return;
      e.preventDefault();
      handlers.current.onPick(index);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [optionCount]);
}

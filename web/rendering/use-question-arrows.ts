import { useEffect } from 'preact/hooks';

/**
 * ←/→ on an option move to the previous/next question (instead of changing a radio group's pick); ↑/↓ on a
 * checkbox move within its question as they do natively in a radio group.
 */
export function useQuestionArrows(count: number, focusQuestion: (index: number) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const input = e.target;
      if (!(input instanceof HTMLInputElement) || (input.type !== 'radio' && input.type !== 'checkbox')) return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
      const group = input.closest<HTMLElement>('[data-question]');
      if (!group) return;
      const index = Number(group.dataset.question);
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        const next = index + (e.key === 'ArrowRight' ? 1 : -1);
        if (next >= 0 && next < count) focusQuestion(next);
      } else if (input.type === 'checkbox' && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        const boxes = [...group.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
        boxes[boxes.indexOf(input) + (e.key === 'ArrowDown' ? 1 : -1)]?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count]);
}

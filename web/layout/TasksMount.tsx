import { useEffect, useRef } from 'preact/hooks';
import { useServices } from '../state/app-context.js';

/**
 * Mounts the orchestrator's task view (web/tasks, built by its owner) when the hub says it exists.
 * Loaded on demand so it never weighs on a choice page's first load.
 */
export function TasksMount() {
  const { boot } = useServices();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!boot.tasks_module || !ref.current) return;
    const el = ref.current;
    import(/* @vite-ignore */ boot.tasks_module)
      .then((mod: { mount?: (el: HTMLElement) => void }) => mod.mount?.(el))
      .catch(() => undefined);
  }, []);
  return boot.tasks_module ? <div ref={ref} class="tasks-mount" /> : null;
}

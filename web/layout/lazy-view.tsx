import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Renders a component from a module loaded on first use (its own chunk), so views a choice page does not
 * need at first (settings, history, final state) stay out of its first load.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let cached: ComponentType<P> | null = null;
  return function LazyView(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => cached);
    useEffect(() => {
      if (!Component) void load().then((c) => setComponent(() => (cached = c)));
    }, []);
    return Component ? <Component {...props} /> : null;
  };
}

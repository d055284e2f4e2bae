import { render } from 'preact';
import { TaskList } from './TaskList.js';
import { mountTaskPage } from './TaskPage.js';

export { TaskPage, mountTaskPage } from './TaskPage.js';
export { TaskList } from './TaskList.js';
export { TaskTerminal } from './TaskTerminal.js';

/**
 * For the portal's module loader (`TasksMount`): on /tasks/<id> the task's page, elsewhere the task list.
 * Returns an unmount function.
 */
export function mount(element: HTMLElement): () => void {
  const match = /^\/tasks\/([^/]+)\/?$/.exec(location.pathname);
  if (match) return mountTaskPage(element, decodeURIComponent(match[1]));
  render(<TaskList />, element);
  return () => render(null, element);
}

import type { HubPlugin } from './context.js';

/** Every hub concern, in registration order. One line each. */
export const hubPlugins: HubPlugin[] = [
];

import type { i18n } from 'i18next';

/** Looks up a terminal string (other namespaces with `{ns: 'common'}`). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function terminalTranslate(instance: i18n): Translate {
  const t = instance.getFixedT(null, 'terminal');
  return (key, params) => String(t(key, params as never));
}

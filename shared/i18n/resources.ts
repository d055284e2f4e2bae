import enCommon from './en/common.js';
import zhCommon from './zh/common.js';
import enPortal from './en/portal.js';
import zhPortal from './zh/portal.js';
import enTerminal from './en/terminal.js';
import zhTerminal from './zh/terminal.js';

export const NAMESPACES = ['common', 'portal', 'terminal'] as const;

/** Every UI string, per language and namespace. Both languages must have exactly the same keys. */
export const resources = {
  en: { common: enCommon, portal: enPortal, terminal: enTerminal },
  zh: { common: zhCommon, portal: zhPortal, terminal: zhTerminal },
};

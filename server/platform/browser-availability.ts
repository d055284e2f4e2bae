/** Whether a browser can be opened for the user here: a desktop session, not over SSH. */
export function canOpenBrowser(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GATEHOUSE_NO_BROWSER === '1') return false;
  if (env.SSH_CONNECTION || env.SSH_CLIENT || env.SSH_TTY) return false;
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

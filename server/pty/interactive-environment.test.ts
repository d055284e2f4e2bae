import { expect, test } from 'vitest';
import { interactiveEnvironment } from './interactive-environment.js';
import { PtyProgram } from './pty-program.js';

const ON_A_CI_MACHINE = { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true', CONTINUOUS_INTEGRATION: '1', CI_JOB_ID: '7', GITLAB_CI: 'true', KEEP: 'me' };

test('CI variables are left out, a program\'s own switches too, everything else kept', () => {
  const env = interactiveEnvironment({ ...ON_A_CI_MACHINE, TSCI_TEST_MODE: '1', UNSET: undefined }, ['TSCI_TEST_MODE']);
  expect(Object.keys(env).sort()).toEqual(['GITLAB_CI', 'HOME', 'KEEP', 'PATH']);
  expect(env.KEEP).toBe('me');
});

test('Ink\'s own CI check (is-in-ci), run in a real terminal with that environment, finds no CI', async () => {
  const probe = "import('is-in-ci').then((m) => process.stdout.write('in-ci=' + m.default + '\\n'))";
  const read = async (env: Record<string, string | undefined>) => {
    const program = PtyProgram.spawn({ command: process.execPath, args: ['-e', probe], env, cwd: process.cwd() });
    return (await program.exited).output.trim();
  };
  expect(await read(ON_A_CI_MACHINE)).toBe('in-ci=true');
  expect(await read(interactiveEnvironment(ON_A_CI_MACHINE))).toBe('in-ci=false');
});

// The policy engine (and the bash parser's WebAssembly) loads only when this command runs, not with every command.
export const policyModule = () => import('../../policy/index.js');
export type Policy = Awaited<ReturnType<typeof policyModule>>;
// `policy log` needs the record only, not the engine.
export const logModule = () => import('../../policy/permission-log.js');
export type LogModule = Pick<Policy, 'parseDuration' | 'readPermissionLog'>;

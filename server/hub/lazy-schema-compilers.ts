import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Fastify builds ajv and fast-json-stringify compilers when an instance is created — ~70 ms of a hub cold
 * start — although the hub validates with zod and declares no route schemas. These factories defer loading
 * them until a route with a JSON schema actually needs one.
 */
export const lazySchemaCompilers = {
  buildValidator: (...args: unknown[]) => (require('@fastify/ajv-compiler') as () => (...a: unknown[]) => unknown)()(...args),
  buildSerializer: (...args: unknown[]) => (require('@fastify/fast-json-stringify-compiler') as () => (...a: unknown[]) => unknown)()(...args),
};

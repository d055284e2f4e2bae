import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * The SDK's JSON Schema validator (Ajv with formats), built on first use instead of at server start: only an
 * elicitation answer needs it, and an idle MCP process (one per agent) should not pay for it.
 */
export function lazyJsonSchemaValidator(): jsonSchemaValidator {
  let inner: AjvJsonSchemaValidator | null = null;
  return {
    getValidator(schema) {
      inner ??= new AjvJsonSchemaValidator();
      return inner.getValidator(schema);
    },
  };
}

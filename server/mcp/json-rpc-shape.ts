import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

/**
 * What makes a parsed line not a JSON-RPC 2.0 message (request, notification, result or error), naming the field;
 * null when it is one. The envelope only — each method's params are checked by the SDK's handler for it. Checked by
 * hand rather than with the SDK's zod schemas so an idle `gatehouse mcp` need not load zod (see mcp-front.ts).
 */
export function jsonRpcShapeProblem(value: unknown): string | null {
  if (!isObject(value)) return 'a message must be a JSON object';
  if (value.jsonrpc !== '2.0') return 'jsonrpc: must be "2.0"';
  if ('method' in value) {
    if (typeof value.method !== 'string') return 'method: must be a string';
    if ('id' in value && !isId(value.id)) return 'id: must be a string or a whole number';
    if ('params' in value && value.params !== undefined && !isObject(value.params)) return 'params: must be an object';
    return null;
  }
  if (!isId(value.id)) return 'id: a result or error must carry the id of its request (a string or a whole number)';
  if ('result' in value) return isObject(value.result) ? null : 'result: must be an object';
  if (!('error' in value)) return 'a message needs a method (request, notification) or a result or error (response)';
  if (!isObject(value.error)) return 'error: must be an object';
  if (!Number.isInteger(value.error.code)) return 'error.code: must be a whole number';
  if (typeof value.error.message !== 'string') return 'error.message: must be a string';
  return null;
}

/** The value as a JSON-RPC message, or an Error naming what is wrong with it. */
export function asJsonRpcMessage(value: unknown): JSONRPCMessage {
  const problem = jsonRpcShapeProblem(value);
  if (problem) throw new Error(problem);
  return value as JSONRPCMessage;
}

// OpenAI Responses API (Codex, via a custom model_provider with wire_api = "responses").
import type { WireFormat } from './wire-format.js';
import { textOf, writeJson, writeSse } from './wire-format.js';
import { signatureOf } from './script.js';

const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const isAssistantItem = (i: any) => CALL_TYPES.has(i?.type) || (i?.type === 'message' && i.role === 'assistant');

/** A tool inside a namespace (Codex lists MCP tools as namespace "mcp__<server>") is called by its own name plus the namespace. */
function namespaced(body: any, fullName: string): { name: string; namespace?: string } {
  for (const t of body.tools ?? []) {
    if (t.type !== 'namespace') continue;
    const prefix = `${t.name}${t.name.endsWith('__') ? '' : '__'}`;
    const inner = (t.tools ?? []).find((n: any) => `${prefix}${n.name}` === fullName);
    if (inner) return { name: inner.name, namespace: t.name };
  }
  return { name: fullName };
}

export const openaiResponses: WireFormat = {
  api: 'openai-responses',
  isConversation: (path, body) => path.endsWith('/responses') && (body?.tools?.length ?? 0) > 0,
  assistantSignatures: (body) =>
    (Array.isArray(body.input) ? body.input : [])
      .filter(isAssistantItem)
      .map((i: any) => signatureOf(i.type === 'message' ? { text: textOf(i.content) } : { name: i.namespace ? `${i.namespace}${i.namespace.endsWith('__') ? '' : '__'}${i.name}` : i.name, args: i.arguments ?? i.input })),
  offeredTools: (body) => (body.tools ?? []).flatMap((t: any) => (t.type === 'namespace' ? (t.tools ?? []).map((n: any) => `${t.name}${t.name.endsWith('__') ? '' : '__'}${n.name}`) : [t.name ?? t.type])),
  toolResults(body) {
    const input: any[] = Array.isArray(body.input) ? body.input : [];
    const lastAssistant = input.findLastIndex(isAssistantItem);
    return input
      .slice(lastAssistant + 1)
      .filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output')
      .map((i) => ({ callId: i.call_id, output: typeof i.output === 'string' ? i.output : textOf(i.output?.content ?? i.output) }));
  },
  reply(res, _path, body, reply, turn) {
    const id = `resp_standin_${turn}`;
    const item =
      'text' in reply
        ? { type: 'message', id: `msg_${turn}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] }
        : { type: 'function_call', id: `fc_${turn}`, status: 'completed', ...namespaced(body, reply.name), arguments: JSON.stringify(reply.args), call_id: `call_standin_${turn}` };
    const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
    const response = { id, object: 'response', status: 'completed', model: body.model, output: [item], usage };
    if (!body.stream) return writeJson(res, 200, response);
    const events: Array<{ event: string; data: any }> = [
      { event: 'response.created', data: { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } } },
      { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
    ];
    if ('text' in reply) events.push({ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: reply.text } });
    events.push({ event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } });
    events.push({ event: 'response.completed', data: { type: 'response.completed', response } });
    writeSse(res, events);
  },
  sideReply(res, path, body) {
    if (path.endsWith('/models')) return writeJson(res, 200, { object: 'list', data: [{ id: body?.model ?? 'standin', object: 'model' }] });
    this.reply(res, path, body ?? {}, { text: 'ok' }, 0);
  },
};

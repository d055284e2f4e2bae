// Anthropic Messages API (Claude Code, via ANTHROPIC_BASE_URL): SSE events message_start … message_stop.
import type { WireFormat } from './wire-format.js';
import { textOf, writeJson, writeSse } from './wire-format.js';
import { signatureOf } from './script.js';

export const anthropicMessages: WireFormat = {
  api: 'anthropic-messages',
  isConversation: (path, body) => path.startsWith('/v1/messages') && !path.includes('count_tokens') && (body?.tools?.length ?? 0) > 0,
  assistantSignatures: (body) =>
    (body.messages ?? [])
      .filter((m: any) => m.role === 'assistant')
      .map((m: any) => {
        const parts = Array.isArray(m.content) ? m.content : [{ type: 'text', text: m.content }];
        const call = parts.find((p: any) => p.type === 'tool_use');
        return signatureOf(call ? { name: call.name, args: call.input } : { text: textOf(parts.filter((p: any) => p.type === 'text')) });
      }),
  offeredTools: (body) => (body.tools ?? []).map((t: any) => t.name),
  toolResults(body) {
    // Claude Code 2.1.197 may end the history with a reminder of its own ({role: "system"}, e.g. after 10 tool
    // calls in a row): the tool results are in the last user message.
    const last = (body.messages ?? []).filter((m: any) => m.role !== 'system').at(-1);
    if (!last || last.role !== 'user' || !Array.isArray(last.content)) return [];
    return last.content
      .filter((c: any) => c.type === 'tool_result')
      .map((c: any) => ({ callId: c.tool_use_id, output: textOf(c.content), isError: c.is_error === true }));
  },
  reply(res, _path, body, reply, turn) {
    const message = { id: `msg_standin_${turn}`, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } };
    const block = 'text' in reply ? { type: 'text', text: '' } : { type: 'tool_use', id: `toolu_standin_${turn}`, name: reply.name, input: {} };
    const delta = 'text' in reply ? { type: 'text_delta', text: reply.text } : { type: 'input_json_delta', partial_json: JSON.stringify(reply.args) };
    const stopReason = 'text' in reply ? 'end_turn' : 'tool_use';
    if (!body.stream) {
      const content = 'text' in reply ? [{ type: 'text', text: reply.text }] : [{ ...block, input: reply.args }];
      return writeJson(res, 200, { ...message, content, stop_reason: stopReason });
    }
    writeSse(res, [
      { event: 'message_start', data: { type: 'message_start', message } },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
  },
  sideReply(res, path, body) {
    if (path.includes('count_tokens')) return writeJson(res, 200, { input_tokens: 10 });
    this.reply(res, path, body, { text: 'ok' }, 0);
  },
};

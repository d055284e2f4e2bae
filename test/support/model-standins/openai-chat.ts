// OpenAI Chat Completions (Qwen Code with auth type "openai", via OPENAI_BASE_URL).
import type { WireFormat } from './wire-format.js';
import { textOf, writeJson, writeSse } from './wire-format.js';
import { signatureOf } from './script.js';

export const openaiChat: WireFormat = {
  api: 'openai-chat',
  isConversation: (path, body) => path.endsWith('/chat/completions') && (body?.tools?.length ?? 0) > 0,
  assistantSignatures: (body) =>
    (body.messages ?? [])
      .filter((m: any) => m.role === 'assistant')
      .map((m: any) => {
        const call = m.tool_calls?.[0]?.function;
        return signatureOf(call ? { name: call.name, args: call.arguments } : { text: textOf(m.content) });
      }),
  offeredTools: (body) => (body.tools ?? []).map((t: any) => t.function?.name ?? t.name),
  toolResults(body) {
    const messages: any[] = body.messages ?? [];
    const lastAssistant = messages.findLastIndex((m) => m.role === 'assistant');
    return messages
      .slice(lastAssistant + 1)
      .filter((m) => m.role === 'tool')
      .map((m) => ({ callId: m.tool_call_id, output: textOf(m.content) }));
  },
  reply(res, _path, body, reply, turn) {
    const id = `chatcmpl-standin-${turn}`;
    const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
    const toolCalls = 'text' in reply ? undefined : [{ index: 0, id: `call_standin_${turn}`, type: 'function', function: { name: reply.name, arguments: JSON.stringify(reply.args) } }];
    const finish = 'text' in reply ? 'stop' : 'tool_calls';
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    if (!body.stream) {
      const message = 'text' in reply ? { role: 'assistant', content: reply.text } : { role: 'assistant', content: null, tool_calls: toolCalls };
      return writeJson(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage });
    }
    const delta = 'text' in reply ? { role: 'assistant', content: reply.text } : { role: 'assistant', content: null, tool_calls: toolCalls };
    writeSse(
      res,
      [
        { data: { ...base, choices: [{ index: 0, delta, finish_reason: null }] } },
        { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage } },
      ],
      'data: [DONE]\n\n',
    );
  },
  sideReply(res, path, body) {
    if (path.endsWith('/models')) return writeJson(res, 200, { object: 'list', data: [{ id: 'standin', object: 'model' }] });
    this.reply(res, path, body ?? {}, { text: 'ok' }, 0);
  },
};

// Gemini API (Gemini CLI, via GOOGLE_GEMINI_BASE_URL): models/<m>:streamGenerateContent?alt=sse and
// :generateContent (the CLI's side checks: next speaker, routing, loop detection), :countTokens.
import type { WireFormat } from './wire-format.js';
import { writeJson, writeSse } from './wire-format.js';
import { signatureOf } from './script.js';

const usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };
const candidate = (parts: unknown[]) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata });

export const geminiGenerate: WireFormat = {
  api: 'gemini-generate',
  isConversation: (path, body) => path.includes(':streamGenerateContent') && (body?.tools ?? []).some((t: any) => t.functionDeclarations?.length),
  assistantSignatures: (body) =>
    (body.contents ?? [])
      .filter((c: any) => c.role === 'model')
      .map((c: any) => {
        const call = (c.parts ?? []).find((p: any) => p.functionCall)?.functionCall;
        return signatureOf(call ? { name: call.name, args: call.args } : { text: (c.parts ?? []).map((p: any) => p.text ?? '').join('') });
      }),
  offeredTools: (body) => (body.tools ?? []).flatMap((t: any) => (t.functionDeclarations ?? []).map((f: any) => f.name)),
  toolResults(body) {
    const last = (body.contents ?? []).at(-1);
    if (!last || last.role !== 'user') return [];
    return (last.parts ?? [])
      .filter((p: any) => p.functionResponse)
      .map((p: any) => ({ callId: p.functionResponse.id, output: JSON.stringify(p.functionResponse.response) }));
  },
  reply(res, path, _body, reply) {
    const parts = 'text' in reply ? [{ text: reply.text }] : [{ functionCall: { name: reply.name, args: reply.args } }];
    if (!path.includes(':streamGenerateContent')) return writeJson(res, 200, candidate(parts));
    writeSse(res, [{ data: candidate(parts) }]);
  },
  sideReply(res, path, body) {
    if (path.includes(':countTokens')) return writeJson(res, 200, { totalTokens: 10 });
    // Side checks ask for JSON; this one answers the ones 0.61 makes: the user speaks next, the default model.
    this.reply(res, path, body, { text: JSON.stringify({ reasoning: 'stand-in', next_speaker: 'user', model_choice: 'flash' }) }, 0);
  },
};

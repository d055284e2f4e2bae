import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it('takes the credential out of URLs, Bearer headers and token fields, and keeps the rest', () => {
    const line = '{"msg":"open http://127.0.0.1:4/choice/ch_1?token=abc-DEF_123 now","h":"Bearer abc-DEF_123","token":"abc-DEF_123","x":"a&token=q9"}';
    const out = redactSecrets(line);
    expect(out).not.toContain('abc-DEF_123');
    expect(out).not.toContain('q9');
    expect(out).toContain('http://127.0.0.1:4/choice/ch_1?token=<redacted');
    expect(out).toContain(' now"');
    expect(redactSecrets('{"msg":"nothing secret"}')).toBe('{"msg":"nothing secret"}');
  });

  it('takes out a gate link\'s capability and the cookies, and keeps the gate\'s id', () => {
    const out = redactSecrets('{"msg":"open http://127.0.0.1:4/choice/ch_1?gate=Q1w-E_r2 then","c":"gatehouse_gates=ch_1.Q1w-E_r2; gatehouse_token=T0k"}');
    expect(out).not.toMatch(/Q1w-E_r2|T0k/);
    expect(out).toContain('http://127.0.0.1:4/choice/ch_1?gate=<redacted');
    expect(out).toContain(' then"');
    expect(redactSecrets('{"msg":"gate ch_1 answered"}')).toBe('{"msg":"gate ch_1 answered"}');
  });
});

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
});

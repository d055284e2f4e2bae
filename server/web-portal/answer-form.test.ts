import { describe, expect, it } from 'vitest';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import { parseAnswerForm } from './answer-form.js';

const { request } = validateChoiceRequest({ prompt: 'p', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], selection_mode: 'multi', allow_free_text: true });

describe('parseAnswerForm (the no-script fallback form)', () => {
  it('turns a posted form into a submit body', () => {
    const form = new URLSearchParams('choice=a&choice=b&choice=a&note_a=%20hi%20&note_b=&global_annotation=g&free_text=f&action=submit');
    expect(parseAnswerForm(request, form)).toEqual({
      action: 'submit',
      answer: { selected_ids: ['a', 'b'], annotations: { a: 'hi' }, global_annotation: 'g', free_text: 'f', interface: 'web' },
    });
  });
  it('cancel carries the note', () => {
    expect(parseAnswerForm(request, new URLSearchParams('action=cancel&global_annotation=no'))).toEqual({ action: 'cancel', note: 'no' });
  });
});

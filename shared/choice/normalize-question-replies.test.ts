import { describe, expect, it } from 'vitest';
import { normalizeQuestionReplies } from './normalize-question-replies.js';
import { validateChoiceRequest } from './validate-request.js';

const { questions } = validateChoiceRequest({
  questions: [
    { question: 'Which database?', options: [{ id: 'pg', label: 'PostgreSQL' }, { id: 'lite', label: 'SQLite' }] },
    { question: 'Which extras?', multi_select: true, options: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }, { id: 'queue', label: 'Queue' }] },
    { question: 'Project name?', allow_free_text: true, options: [{ id: 'keep', label: 'Keep' }] },
  ],
}).request as { questions: NonNullable<ReturnType<typeof validateChoiceRequest>['request']['questions']> };

describe('normalizeQuestionReplies', () => {
  it('reads one line per question in order: number, labels list, free text', () => {
    expect(normalizeQuestionReplies('2\nauth, cache\nbilling-api', questions)).toEqual({
      kind: 'answers',
      answers: [
        { question_index: 0, selected_ids: ['lite'] },
        { question_index: 1, selected_ids: ['auth', 'cache'] },
        { question_index: 2, selected_ids: [], free_text: 'billing-api' },
      ],
    });
  });

  it('takes `;` on one line and a leading Qn:', () => {
    expect(normalizeQuestionReplies('Q1: postgresql; Q2: 3; Q3: 1', questions)).toMatchObject({ kind: 'answers', answers: [{ selected_ids: ['pg'] }, { selected_ids: ['queue'] }, { selected_ids: ['keep'] }] });
  });

  it('says what does not fit: the count, a question whose reply matches nothing, a rule broken', () => {
    expect(normalizeQuestionReplies('1\n2', questions)).toEqual({ kind: 'wrong_count', expected: 3, got: 2 });
    expect(normalizeQuestionReplies('mysql\n1\nx', questions)).toEqual({ kind: 'no_match', question_index: 0, input: 'mysql' });
    expect(normalizeQuestionReplies('1\n5\nx', questions)).toEqual({ kind: 'no_match', question_index: 1, input: '5' });
    expect(normalizeQuestionReplies('1, 2\n1\nx', questions)).toEqual({ kind: 'no_match', question_index: 0, input: '1, 2' });
  });

  it('cancel alone cancels the gate; an empty reply is empty', () => {
    expect(normalizeQuestionReplies('cancel: later', questions)).toEqual({ kind: 'cancel', note: 'later' });
    expect(normalizeQuestionReplies('  ', questions)).toEqual({ kind: 'empty' });
  });
});

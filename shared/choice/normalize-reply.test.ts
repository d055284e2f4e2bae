import { describe, expect, it } from 'vitest';
import { normalizeReply, type ReplyContext } from './normalize-reply.js';

const options = [
  { id: 'pg', label: 'PostgreSQL' },
  { id: 'sqlite', label: 'SQLite' },
  { id: 'mongo', label: 'MongoDB' },
];
const single: ReplyContext = { options, selection_mode: 'single', allow_free_text: false };
const multi: ReplyContext = { ...single, selection_mode: 'multi' };

describe('normalizeReply', () => {
  it('maps a number to that option', () => {
    expect(normalizeReply('2', single)).toEqual({ kind: 'options', ids: ['sqlite'] });
    expect(normalizeReply(' 3. ', single)).toEqual({ kind: 'options', ids: ['mongo'] });
  });
  it('matches a label without case, and an id', () => {
    expect(normalizeReply('postgresql', single)).toEqual({ kind: 'options', ids: ['pg'] });
    expect(normalizeReply('MONGO', single)).toEqual({ kind: 'options', ids: ['mongo'] });
  });
  it('picks several in multi mode', () => {
    expect(normalizeReply('1, 3', multi)).toEqual({ kind: 'options', ids: ['pg', 'mongo'] });
    expect(normalizeReply('sqlite mongodb', multi)).toEqual({ kind: 'options', ids: ['sqlite', 'mongo'] });
    expect(normalizeReply('1, 3', single)).toEqual({ kind: 'no_match', input: '1, 3' });
  });
  it('an out-of-range number does not match', () => {
    expect(normalizeReply('4', single)).toEqual({ kind: 'no_match', input: '4' });
    expect(normalizeReply('4', { ...single, allow_free_text: true })).toEqual({ kind: 'no_match', input: '4' });
  });
  it('is free text when allowed, else no match', () => {
    expect(normalizeReply('use DynamoDB', { ...single, allow_free_text: true })).toEqual({ kind: 'free_text', text: 'use DynamoDB' });
    expect(normalizeReply('use DynamoDB', single)).toEqual({ kind: 'no_match', input: 'use DynamoDB' });
  });
  it('understands cancel with an optional note, unless an option is labelled so', () => {
    expect(normalizeReply('cancel', single)).toEqual({ kind: 'cancel', note: '' });
    expect(normalizeReply('Cancel: not now', single)).toEqual({ kind: 'cancel', note: 'not now' });
    expect(normalizeReply('cancellation policy', single)).toEqual({ kind: 'no_match', input: 'cancellation policy' });
    expect(normalizeReply('cancel', { ...single, options: [...options, { id: 'c', label: 'Cancel' }] })).toEqual({ kind: 'options', ids: ['c'] });
  });
  it('treats blank input as empty', () => {
    expect(normalizeReply('   ', single)).toEqual({ kind: 'empty' });
  });
});

import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt } from './mentionQuery.js';

const at = (text: string) => mentionAt(text, text.length);

describe('mentionAt', () => {
  it('finds a username being typed after @', () => {
    expect(at('Hello @an')).toEqual({ query: 'an', start: 6, end: 9 });
    expect(at('@Ann_1')).toEqual({ query: 'Ann_1', start: 0, end: 6 });
    expect(at('Thanks\n@gr')?.query).toBe('gr');
  });

  it('finds a member of another server by username, @ and the start of the server', () => {
    expect(at('cc @ann@')?.query).toBe('ann@');
    expect(at('cc @ann@sou')?.query).toBe('ann@sou');
    expect(at('cc @ann@south.example')?.query).toBe('ann@south.example');
    expect(at('cc @ann@127.0.0.1:8443')?.query).toBe('ann@127.0.0.1:8443');
  });

  it('finds nothing without a handle right before the caret', () => {
    expect(at('Hello @')).toBeNull();
    expect(at('Hello @an ')).toBeNull();
    expect(at('Hello @an.')).toBeNull();
    expect(at('Hello world')).toBeNull();
  });

  it('reads an @ inside a word as an address, not a mention', () => {
    expect(at('mail me@example')).toBeNull();
    expect(at('@@an')).toBeNull();
    expect(at('#tag@an')).toBeNull();
  });

  it('takes the part of the handle after the caret too', () => {
    expect(mentionAt('Hi @ann there', 6)).toEqual({ query: 'an', start: 3, end: 7 });
    expect(mentionAt('Hi @ann@south.example!', 10)).toEqual({
      query: 'ann@so',
      start: 3,
      end: 21,
    });
    // A full stop after a handle ends the sentence, not the server's name.
    expect(mentionAt('Hi @ann@south. Bye', 9)?.end).toBe(13);
  });
});

describe('insertMention', () => {
  it('replaces the partial handle with the member’s and a space, caret after it', () => {
    const text = 'Hello @an';
    const mention = { start: 6, end: 9 };
    expect(insertMention(text, mention, 'anna')).toEqual({ value: 'Hello @anna ', caret: 12 });
    expect(insertMention(text, mention, 'ann@south.example')).toEqual({
      value: 'Hello @ann@south.example ',
      caret: 25,
    });
  });

  it('keeps the text after the handle, adding no space before a space or a punctuation mark', () => {
    expect(insertMention('Hi @an there', { start: 3, end: 6 }, 'anna')).toEqual({
      value: 'Hi @anna there',
      caret: 9,
    });
    expect(insertMention('Hi @an, there', { start: 3, end: 6 }, 'anna')).toEqual({
      value: 'Hi @anna, there',
      caret: 8,
    });
  });
});

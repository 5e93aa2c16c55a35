import { describe, expect, it } from 'vitest';
import { documentTitle, openingWords } from './documentTitle';

describe('documentTitle', () => {
  it('puts the page before the product', () => {
    expect(documentTitle('Notifications')).toBe('Notifications · Whisp');
  });

  it('is the product alone while the page is unknown', () => {
    expect(documentTitle(undefined)).toBe('Whisp');
    expect(documentTitle('')).toBe('Whisp');
  });
});

describe('openingWords', () => {
  it('keeps a short whisp whole, on one line', () => {
    expect(openingWords('Good  morning,\nharbour')).toBe('Good morning, harbour');
  });

  it('cuts a long whisp after its last whole word, without trailing punctuation', () => {
    expect(openingWords('Harbour lights at dusk, and the ferries running late again')).toBe(
      'Harbour lights at dusk, and the ferries…',
    );
    expect(openingWords('One two three, four', 15)).toBe('One two three…');
  });

  it('cuts a single long word where it must', () => {
    expect(openingWords('https://example.com/a/very/long/path', 10)).toBe('https://ex…');
  });

  it('never halves an emoji at the edge', () => {
    expect(openingWords('ab😀cd', 3)).toBe('ab😀…');
  });
});

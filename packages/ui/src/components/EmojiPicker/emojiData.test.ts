import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compactEmojiData, EMOJI_VERSION_MAX } from '../../../build/emojiData.mjs';
import committed from './emoji-data.en.json';
import { toEmojiData } from './emojiData.js';

const require = createRequire(import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(require.resolve(path), 'utf8'));

describe('the emoji picker data', () => {
  it('is what build/emojiData.mjs makes from the installed emojibase-data', () => {
    const made = compactEmojiData(
      read('emojibase-data/en/data.json'),
      read('emojibase-data/en/messages.json'),
    );
    expect(JSON.parse(JSON.stringify(made))).toEqual(committed);
  });

  const data = toEmojiData(committed as Parameters<typeof toEmojiData>[0]);
  const find = (emoji: string) => data.emojis.find((entry) => entry.emoji === emoji);

  it('names the categories without the skin-tone swatches', () => {
    expect(data.categories.map((category) => category.label)).toEqual([
      'Smileys & emotion',
      'People & body',
      'Animals & nature',
      'Food & drink',
      'Travel & places',
      'Activities',
      'Objects',
      'Symbols',
      'Flags',
    ]);
    expect(find('🏽')).toBeUndefined();
  });

  it('keeps labels, tags and the five skin tones of an emoji that has them', () => {
    expect(find('👋')).toMatchObject({
      label: 'Waving hand',
      tags: expect.arrayContaining(['wave', 'hello']),
      skins: {
        light: '👋🏻',
        'medium-light': '👋🏼',
        medium: '👋🏽',
        'medium-dark': '👋🏾',
        dark: '👋🏿',
      },
    });
    expect(find('😀')?.skins).toBeUndefined();
  });

  it('marks country flags and leaves out emoji newer than the systems draw', () => {
    expect(find('🇫🇷')?.countryFlag).toBe(true);
    expect(find('🏁')?.countryFlag).toBeUndefined();
    expect(data.emojis.every((entry) => entry.version <= EMOJI_VERSION_MAX)).toBe(true);
  });
});

import { describeError, type ErrorName } from './errors.js';
import { MUTED_WORD_MAX_LENGTH } from './limits.js';
import { countCharacters } from './validation.js';

// Muted words (api.md, Safety 1.1): one rule for the server's SQL, the mocks and the UI's preview.
// A word matches whole ("cat" hides "Cat!" and "#cat", never "category"), in any case; a phrase
// matches as typed, its words in a row. `#tag` mutes the hashtag: whisps tagged with it, however
// the tag is cased. Word characters are letters, digits and underscores of any script, as in
// hashtags (contract/text.ts).

/** `#tag` as a muted word: letters, digits and underscores after one `#`. */
const HASHTAG_WORD = /^#([\p{L}\p{N}_]+)$/u;

/** What a muted word hides: whisps tagged with `hashtag`, or whisps whose text holds `phrase`. */
export type MutedWordTarget = { hashtag: string } | { phrase: string };

/** A muted word as it is stored: trimmed, inner runs of spaces as one. */
export function normaliseMutedWord(word: string): string {
  return word.trim().replace(/\s+/gu, ' ');
}

/** Why this cannot be a muted word, by name; undefined when it can. */
export function mutedWordErrorName(
  word: string,
): Extract<ErrorName, 'mutedWordEmpty' | 'mutedWordTooLong'> | undefined {
  const value = normaliseMutedWord(word);
  if (value === '' || value === '#') return 'mutedWordEmpty';
  if (countCharacters(value) > MUTED_WORD_MAX_LENGTH) return 'mutedWordTooLong';
  return undefined;
}

/** The message explaining why this cannot be a muted word, or undefined when it can. */
export function validateMutedWord(word: string): string | undefined {
  const name = mutedWordErrorName(word);
  return name ? describeError(name).message : undefined;
}

export function mutedWordTarget(word: string): MutedWordTarget {
  const value = normaliseMutedWord(word);
  const tag = HASHTAG_WORD.exec(value)?.[1];
  return tag ? { hashtag: tag.toLowerCase() } : { phrase: value.toLowerCase() };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a whisp with this text and these (lower-case) hashtags is hidden by any of the words.
 * Word boundaries are look-arounds, so a phrase that starts or ends with punctuation ("c++")
 * still matches whole.
 */
export function matchesMutedWords(
  content: string,
  hashtags: readonly string[],
  words: readonly string[],
): boolean {
  return words.some((word) => {
    const target = mutedWordTarget(word);
    if ('hashtag' in target) return hashtags.includes(target.hashtag);
    const pattern = new RegExp(
      String.raw`(?<![\p{L}\p{N}_])${escapeRegExp(target.phrase)}(?![\p{L}\p{N}_])`,
      'iu',
    );
    return pattern.test(content);
  });
}

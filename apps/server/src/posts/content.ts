import { WHISP_MAX_LENGTH } from '@whisp/api-client/limits';
import { countCharacters } from '@whisp/api-client/validation';

export const EMPTY_POST = 'Please add some content to your post';
export const POST_TOO_LONG = `Whisps can be at most ${WHISP_MAX_LENGTH} characters`;

/** Characters as a person counts them: one emoji (even a family of four) is one. */
export const visibleLength = countCharacters;

// A tag or mention starts a word: "me@example.com" mentions nobody, "C#" tags nothing.
const HASHTAG = /(?<![\p{L}\p{N}_#])#([\p{L}\p{N}_]+)/gu;
const MENTION = /(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]+)/gu;

/** `#word` (letters, digits, underscore), lower-cased, each once, in order of appearance. */
export function parseHashtags(content: string): string[] {
  return unique([...content.matchAll(HASHTAG)].map((match) => (match[1] ?? '').toLowerCase()));
}

/** `@username` candidates as written; only those naming an existing member are kept. */
export function parseMentionCandidates(content: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const match of content.matchAll(MENTION)) {
    const name = match[1] ?? '';
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** A hashtag as typed in a URL or a search box ("#Coffee", "coffee") → how it is stored. */
export function normaliseHashtag(tag: string): string {
  return tag.trim().replace(/^#+/, '').toLowerCase();
}

/** The message explaining why this content cannot be a whisp, or undefined when it can. */
export function contentProblem(content: string, mediaCount: number): string | undefined {
  if (content.trim() === '' && mediaCount === 0) return EMPTY_POST;
  if (visibleLength(content) > WHISP_MAX_LENGTH) return POST_TOO_LONG;
  return undefined;
}

function unique(values: string[]) {
  return [...new Set(values)];
}

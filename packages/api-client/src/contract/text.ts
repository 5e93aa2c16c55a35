import { describeError, type ErrorName } from './errors.js';
import { WHISP_MAX_LENGTH } from './limits.js';
import { countCharacters } from './validation.js';

// What the server reads out of a whisp's text, and the UI links: one rule for both, so a tag the
// UI links is a tag the server counted. A tag or mention starts a word: "me@example.com" mentions
// nobody, "C#" tags nothing.
/** `#word`: letters, digits and underscores of any script; group 1 is the tag without `#`. */
export const HASHTAG_PATTERN_SOURCE = String.raw`(?<![\p{L}\p{N}_#])#([\p{L}\p{N}_]+)`;
/**
 * `@username`: the username alphabet; group 1 is the username without `@`. Not the start of
 * `@username@host`, a member of another server (REMOTE_MENTION_PATTERN_SOURCE).
 */
export const MENTION_PATTERN_SOURCE = String.raw`(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]+)(?![A-Za-z0-9_@]|[.-][A-Za-z0-9_.-]*@)`;
/**
 * `@username@host` (Federation 1.2): group 1 is the username (other servers allow dots and
 * hyphens), group 2 the host, with its port if any.
 */
export const REMOTE_MENTION_PATTERN_SOURCE = String.raw`(?<![\p{L}\p{N}_@])@([A-Za-z0-9_.-]*[A-Za-z0-9_])@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?)`;
/**
 * An http or https address. Trailing punctuation is left out: "see https://a.example/x." links
 * without the dot. Other schemes are never links (a `javascript:` link would run script).
 */
export const LINK_PATTERN_SOURCE = String.raw`https?:\/\/[^\s<>"]*[^\s<>".,:;!?'")\]]`;

const HASHTAG = new RegExp(HASHTAG_PATTERN_SOURCE, 'gu');
const MENTION = new RegExp(MENTION_PATTERN_SOURCE, 'gu');
const REMOTE_MENTION = new RegExp(REMOTE_MENTION_PATTERN_SOURCE, 'gu');

/** `#word` (letters, digits, underscore), lower-cased, each once, in order of appearance. */
export function parseHashtags(content: string): string[] {
  return [
    ...new Set([...content.matchAll(HASHTAG)].map((match) => (match[1] ?? '').toLowerCase())),
  ];
}

/**
 * `@username` and `@username@host` candidates as written (the host lower-cased), each once
 * whatever its case, local ones first; only members known to the server count.
 */
export function parseMentionCandidates(content: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  const add = (name: string) => {
    if (seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    names.push(name);
  };
  for (const match of content.matchAll(MENTION)) add(match[1] ?? '');
  for (const match of content.matchAll(REMOTE_MENTION)) {
    add(`${match[1] ?? ''}@${(match[2] ?? '').toLowerCase()}`);
  }
  return names;
}

/** A hashtag as typed in a URL or a search box ("#Coffee", "coffee") → how it is stored. */
export function normaliseHashtag(tag: string): string {
  return tag.trim().replace(/^#+/, '').toLowerCase();
}

/** Why this text (with this many attachments) cannot be a whisp, by name; undefined when it can. */
export function contentErrorName(
  content: string,
  mediaCount: number,
): Extract<ErrorName, 'emptyPost' | 'postTooLong'> | undefined {
  if (content.trim() === '' && mediaCount === 0) return 'emptyPost';
  if (countCharacters(content) > WHISP_MAX_LENGTH) return 'postTooLong';
  return undefined;
}

/** The message explaining why this content cannot be a whisp, or undefined when it can. */
export function contentProblem(content: string, mediaCount: number): string | undefined {
  const name = contentErrorName(content, mediaCount);
  return name ? describeError(name).message : undefined;
}

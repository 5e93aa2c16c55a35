// Finding the @handle being typed at the caret, and putting a chosen member's handle in its place.
// A mention starts a word as the contract's MENTION_PATTERN_SOURCE says (contract/text.ts):
// "me@example.com" mentions nobody, so typing an address opens no list.

/** The mention being typed where the caret is. */
export interface MentionAtCaret {
  /**
   * What follows the `@`: a username's start (`ann`), or a username, a second `@` and the start of
   * their server's name (`ann@`, `ann@sou`, `ann@south.example`) for a member of another server.
   */
  query: string;
  /** Where its `@` is in the text. */
  start: number;
  /** Where the handle ends: the caret, or past it when the caret is inside the handle. */
  end: number;
}

// Usernames are ASCII letters, digits and underscores (contract/validation.ts); a server's name is
// letters, digits, dots and hyphens, with a port on test servers.
const HANDLE_BEFORE_CARET = /(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]+(?:@[A-Za-z0-9.-]*(?::\d*)?)?)$/u;
const HOST = String.raw`(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)?(?::\d+)?`;
// The rest of the handle after the caret, replaced with it: never a sentence's closing full stop.
const REST_OF_USERNAME = new RegExp(`^[A-Za-z0-9_]*(?:@${HOST})?`);
const REST_OF_HOST = new RegExp(`^${HOST}`);

/** The mention whose handle the caret is in or just after, or null when there is none. */
export function mentionAt(text: string, caret: number): MentionAtCaret | null {
  const match = HANDLE_BEFORE_CARET.exec(text.slice(0, caret));
  const query = match?.[1];
  if (!match || !query) return null;
  const after = text.slice(caret);
  const rest = (query.includes('@') ? REST_OF_HOST : REST_OF_USERNAME).exec(after)?.[0] ?? '';
  return { query, start: match.index, end: caret + rest.length };
}

/**
 * `text` with the mention replaced by `@acct` and a space, and the caret after that space, so the
 * member types on without reaching for the space bar. No space is added before a space or a
 * punctuation mark already there ("@ann, hi"): the caret then goes past the space, or stays at the
 * handle's end before the mark.
 */
export function insertMention(
  text: string,
  mention: Pick<MentionAtCaret, 'start' | 'end'>,
  acct: string,
): { value: string; caret: number } {
  const before = text.slice(0, mention.start);
  const after = text.slice(mention.end);
  const handle = `@${acct}`;
  const caret = before.length + handle.length;
  if (/^\s/.test(after)) return { value: before + handle + after, caret: caret + 1 };
  if (/^[.,;:!?)\]}]/.test(after)) return { value: before + handle + after, caret };
  return { value: `${before}${handle} ${after}`, caret: caret + 1 };
}

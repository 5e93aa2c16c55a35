// How deep arrays and objects nest in JSON text, counted before it is parsed: a parser (and any
// walk of what it built) pays memory and stack for every level, so a file a million levels deep
// costs tens of megabytes while it is refused. The count skips brackets inside strings and
// their escapes. Text or UTF-8 bytes alike: a quote, a backslash or a bracket never occurs
// inside a multi-byte character.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

export interface JsonNestingScanner {
  /** Counts the next piece of the text; false once it has nested deeper than the limit. */
  push(piece: string | Uint8Array): boolean;
}

/** A scanner for JSON that arrives in pieces (a stream), which may split a string or an escape. */
export function createJsonNestingScanner(maxDepth: number): JsonNestingScanner {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let tooDeep = false;
  return {
    push(piece) {
      if (tooDeep) return false;
      const text = typeof piece === 'string';
      for (let index = 0; index < piece.length; index += 1) {
        const code = text ? piece.charCodeAt(index) : (piece[index] as number);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
        } else if (code === QUOTE) {
          inString = true;
        } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
          depth += 1;
          if (depth > maxDepth) {
            tooDeep = true;
            return false;
          }
        } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
          depth -= 1;
        }
      }
      return true;
    },
  };
}

/** True when arrays and objects in this whole JSON text nest deeper than `maxDepth`. */
export function jsonNestsDeeperThan(text: string | Uint8Array, maxDepth: number): boolean {
  return !createJsonNestingScanner(maxDepth).push(text);
}

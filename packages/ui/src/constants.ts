/**
 * Numbers that only decide how the components look and feel. The product's limits (500
 * characters, page sizes) come from @whisp/api-client's contract, since the server enforces them.
 */

/** How long a toast stays before it leaves on its own. */
export const TOAST_DURATION_MS = 3_000;
/**
 * How long a toast with an action (Undo) stays: time to read it, then reach its button with F8
 * or Tab (WCAG 2.2.1). It also stays while hovered or focused, however long that is.
 */
export const ACTION_TOAST_DURATION_MS = 10_000;
/** A search field waits this long after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The compose counter turns to a warning when fewer than this many characters remain. */
export const WHISP_COUNTER_WARNING_REMAINING = 20;
/** The bio counter warns once the bio is longer than this. */
export const BIO_COUNTER_WARNING_LENGTH = 140;
/** Shown in the trends panel while there are no trends yet, so it never stands empty. */
export const TRENDING_FALLBACK_HASHTAGS = [
  'General',
  'Social',
  'Community',
  'Discussion',
  'Ideas',
] as const;

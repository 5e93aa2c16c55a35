// Story helpers for the emoji picker (not part of the published build).

/**
 * frimousse lays out search results in an idle moment up to 100 ms after the last keystroke, and
 * then makes the first result active again: stories wait for that before moving with the arrow
 * keys or pressing Enter, with room for a busy test machine.
 */
export const settleEmojiResults = () => new Promise((resolve) => setTimeout(resolve, 400));

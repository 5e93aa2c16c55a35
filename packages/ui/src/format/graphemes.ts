// One emoji is one character, as a person counts them and as the server validates (api.md).
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : undefined;

/** Length in grapheme clusters (falls back to code points where Intl.Segmenter is missing). */
export function countGraphemes(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

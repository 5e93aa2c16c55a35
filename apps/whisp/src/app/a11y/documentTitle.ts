import { useEffect } from 'react';

/** The product's name, as index.html's <title> says it before the app has started. */
const PRODUCT_NAME = 'Whisp';

/** "Notifications · Whisp": the page first, so a tab strip or a screen reader says it first. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Names the document after the page on screen; the product's name alone while it is unknown. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}

/** How much of a whisp's text names its page: about the first line of the card. */
const OPENING_WORDS_MAX = 40;

/** A whisp's opening words, cut at a word's end with an ellipsis when it goes on. */
export function openingWords(text: string, max = OPENING_WORDS_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // By code points, so an emoji at the edge is kept or left whole, never halved.
  const points = Array.from(flat);
  if (points.length <= max) return flat;
  const cut = points.slice(0, max).join('');
  const lastSpace = cut.lastIndexOf(' ');
  // A single long word (a link) is cut where it is; otherwise at the last whole word.
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?]+$/, '')}…`;
}

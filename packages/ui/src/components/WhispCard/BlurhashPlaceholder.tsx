import { useEffect, useRef } from 'react';
import { whenVisible } from '../../utilities/whenVisible.js';
import * as styles from './WhispMedia.css.js';

// The decoder is its own chunk, fetched once with the first placeholder that nears the screen:
// feeds of text whisps never load it, and the route chunks that show cards stay within budget.
let decoder: Promise<typeof import('blurhash')> | undefined;
const loadDecoder = () => {
  decoder ??= import('blurhash');
  return decoder;
};

/** Pixels along the long side: a blur needs no more, and 32 × 32 decodes in well under 1 ms. */
const SIDE = 32;

export interface BlurhashPlaceholderProps {
  /** The attachment's `blurhash`. */
  hash: string;
  /** Width over height, so the blur is not stretched; square when unknown. */
  ratio?: number;
}

/**
 * The picture's blurred stand-in, painted under it while it loads. Decoded only when the card
 * nears the screen (one shared observer for the page), and not at all when the picture is
 * already there (from the cache). Hidden from assistive technology: the picture has the alt.
 */
export function BlurhashPlaceholder({ hash, ratio = 1 }: BlurhashPlaceholderProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const width = ratio >= 1 ? SIDE : Math.max(4, Math.round(SIDE * ratio));
  const height = ratio >= 1 ? Math.max(4, Math.round(SIDE / ratio)) : SIDE;
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let cancelled = false;
    const stopWatching = whenVisible(canvas, () => {
      const loaded = () => {
        const picture = canvas.parentElement?.querySelector('img');
        return picture?.complete === true && picture.naturalWidth > 0;
      };
      if (loaded()) return;
      void loadDecoder()
        .then(({ decode }) => {
          // The picture may have arrived while the decoder loaded: then there is nothing to cover.
          if (cancelled || loaded()) return;
          const context = canvas.getContext('2d');
          if (!context) return;
          const image = context.createImageData(width, height);
          image.data.set(decode(hash, width, height));
          context.putImageData(image, 0, 0);
        })
        .catch(() => {
          // A malformed hash or a failed fetch leaves the plain surface colour: a placeholder is
          // never worth an error.
        });
    });
    return () => {
      cancelled = true;
      stopWatching();
    };
  }, [hash, width, height]);
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable; the picture above it carries the alt.
    <canvas
      ref={ref}
      className={styles.placeholder}
      width={width}
      height={height}
      aria-hidden="true"
    />
  );
}

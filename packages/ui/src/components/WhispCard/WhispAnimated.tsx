import type { PostMedia } from '@whisp/api-client';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { useState } from 'react';
import { usePrefersReducedMotion } from '../../utilities/reducedMotion.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import { BlurhashPlaceholder } from './BlurhashPlaceholder.js';
import { aspectRatioOf } from './mediaSize.js';
import * as styles from './WhispMedia.css.js';

export interface WhispAnimatedProps {
  /** An attachment of kind `animated`: `url` moves, `preview_url` is its still first frame. */
  media: PostMedia;
  /** Play on its own (the member's preference); reduced motion holds it still regardless. */
  autoplay: boolean;
}

/**
 * An animated image (a GIF, kept as animated WebP): plays muted and looping like a picture, with
 * a "GIF" badge. Held still, as its first frame, under the system's reduced motion or when the
 * member turned autoplay off; Play starts it on request, and Pause stops it again (moving content
 * must be stoppable, WCAG 2.2.2). Holding still swaps to the still file: an <img> cannot pause.
 */
export function WhispAnimated({ media, autoplay }: WhispAnimatedProps) {
  const reducedMotion = usePrefersReducedMotion();
  // The reader's own choice outlasts the defaults, until the card leaves.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? (autoplay && !reducedMotion);
  const source = playing ? media.url : media.preview_url;
  const ratio = aspectRatioOf(media);
  return (
    <div
      className={styles.animated}
      data-state={playing ? 'playing' : 'still'}
      style={ratio ? { aspectRatio: String(ratio) } : undefined}
    >
      {media.blurhash ? <BlurhashPlaceholder hash={media.blurhash} ratio={ratio} /> : null}
      {source ? (
        <img
          className={styles.animatedImage}
          src={source}
          alt={media.alt ?? ''}
          loading="lazy"
          decoding="async"
        />
      ) : media.alt ? (
        // No still to show while held: the description is still there to be read.
        <VisuallyHidden role="img" aria-label={media.alt} />
      ) : null}
      <span className={styles.gifBadge} aria-hidden="true">
        GIF
      </span>
      <button
        type="button"
        className={styles.playToggle}
        aria-label={playing ? 'Pause GIF' : 'Play GIF'}
        onClick={() => setChosen(!playing)}
      >
        {playing ? (
          <Pause aria-hidden width={16} height={16} />
        ) : (
          <Play aria-hidden fill="currentColor" width={24} height={24} />
        )}
      </button>
    </div>
  );
}

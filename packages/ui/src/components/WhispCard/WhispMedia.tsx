import { useState } from 'react';
import { ImageViewer } from '../ImageViewer/ImageViewer.js';
import * as styles from './WhispMedia.css.js';

const VIDEO_EXTENSION = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;
/** The grid shows four tiles; the fourth says "+N" when there are more. */
const GRID_TILES = 4;

export interface WhispMediaProps {
  urls: string[];
  authorName: string;
  /** Called instead of the built-in viewer when given (the app may route to a media page). */
  onOpenMedia?: (index: number) => void;
}

/** A whisp's images as a grid that opens the image viewer, and any uploaded video as a player. */
export function WhispMedia({ urls, authorName, onOpenMedia }: WhispMediaProps) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const videos = urls.filter((url) => VIDEO_EXTENSION.test(url));
  const images = urls.filter((url) => !VIDEO_EXTENSION.test(url));
  const tiles = images.slice(0, GRID_TILES);
  const hidden = images.length - tiles.length;
  const open = (index: number) => (onOpenMedia ? onOpenMedia(index) : setViewerIndex(index));
  return (
    <>
      {tiles.length > 0 ? (
        <div className={styles.grid} data-count={tiles.length}>
          {tiles.map((url, index) => {
            const isLast = index === tiles.length - 1 && hidden > 0;
            return (
              <button
                key={url}
                type="button"
                className={styles.tile}
                // The visible "+2" is part of the name, so speech users can say what they see.
                aria-label={`Open image ${index + 1} of ${images.length}${isLast ? `, +${hidden} more` : ''}`}
                onClick={() => open(index)}
              >
                <img className={styles.image} src={url} alt="" loading="lazy" decoding="async" />
                {isLast ? (
                  <span className={styles.more} aria-hidden="true">
                    +{hidden}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
      {videos.map((url) => (
        // biome-ignore lint/a11y/useMediaCaption: members upload videos without captions; there are none to offer.
        <video key={url} className={styles.video} src={url} controls preload="metadata" />
      ))}
      {onOpenMedia ? null : (
        <ImageViewer
          images={images}
          open={viewerIndex !== null}
          onOpenChange={(isOpen) => {
            if (!isOpen) setViewerIndex(null);
          }}
          index={viewerIndex ?? 0}
          onIndexChange={setViewerIndex}
          ownerName={authorName}
        />
      )}
    </>
  );
}

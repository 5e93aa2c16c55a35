import type { PostMedia } from '@whisp/api-client';
import { lazy, memo, Suspense, useId, useState } from 'react';
import { BlurhashPlaceholder } from './BlurhashPlaceholder.js';
import { aspectRatioOf } from './mediaSize.js';
import { WhispAnimated } from './WhispAnimated.js';
import * as styles from './WhispMedia.css.js';

const VIDEO_EXTENSION = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;
/** The grid shows four tiles; the fourth says "+N" when there are more. */
const GRID_TILES = 4;

export interface WhispMediaProps {
  /** The attachments' URLs, in the order the member added them. */
  urls: string[];
  /**
   * The same attachments with their descriptions and kinds (a Post's `media`); without it every
   * URL is an undescribed image, or a video by its extension.
   */
  media?: readonly PostMedia[];
  /** Whose media these are, for the viewer's name: "Images from Grace Hopper". */
  authorName: string;
  /** Called instead of the built-in viewer when given (the app may route to a media page). */
  onOpenMedia?: (index: number) => void;
  /**
   * Play animated images on their own (the member's preference; true by default). Under the
   * system's reduced motion they are held still whatever this says.
   */
  autoplay?: boolean;
  /**
   * The member's data saver: a video loads nothing (not even its length) until played. Pictures
   * always show their smaller preview until opened, so they need nothing more.
   */
  dataSaver?: boolean;
}

function attachmentsOf(urls: string[], media: readonly PostMedia[] | undefined): PostMedia[] {
  if (media && media.length === urls.length) return [...media];
  return urls.map((url) => ({
    url,
    alt: null,
    kind: VIDEO_EXTENSION.test(url) ? 'video' : 'image',
    width: null,
    height: null,
    preview_url: null,
    blurhash: null,
  }));
}

/**
 * A whisp's images as a grid that opens the image viewer (the card loads each one's smaller
 * preview, over its blurhash; a single picture keeps its own shape), animated images (GIFs) that
 * play unless held still, and any uploaded video as a player. A described image is its
 * description to screen readers (its alt) and shows an "ALT" badge that reveals the description
 * to everyone else. Memoised: a like re-renders the card, not its media.
 */
// The viewer (a Radix dialog) loads when a picture is first opened: most cards of a feed never
// open one, and a static import put the dialog's code on every screen that shows whisps.
const ImageViewer = lazy(() =>
  import('../ImageViewer/ImageViewer.js').then((module) => ({ default: module.ImageViewer })),
);

export const WhispMedia = memo(function WhispMedia({
  urls,
  media,
  authorName,
  onOpenMedia,
  autoplay = true,
  dataSaver = false,
}: WhispMediaProps) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  // The viewer (a Radix dialog) mounts when first opened and then stays, so it can animate out
  // and hand focus back to the tile when closed.
  const [viewerUsed, setViewerUsed] = useState(false);
  const [shownDescription, setShownDescription] = useState<number | null>(null);
  const ids = useId();
  const attachments = attachmentsOf(urls, media);
  const videos = attachments.filter((attachment) => attachment.kind === 'video');
  const images = attachments.filter((attachment) => attachment.kind === 'image');
  const animated = attachments.filter((attachment) => attachment.kind === 'animated');
  // One picture keeps its own shape (reserved before it loads); a grid's tiles are cropped.
  const soleRatio = images.length === 1 && images[0] ? aspectRatioOf(images[0]) : undefined;
  const tiles = images.slice(0, GRID_TILES);
  const hidden = images.length - tiles.length;
  const open = (index: number) => {
    if (onOpenMedia) return onOpenMedia(index);
    setViewerUsed(true);
    setViewerIndex(index);
  };
  const shown = shownDescription === null ? undefined : images[shownDescription];
  return (
    <>
      {tiles.length > 0 ? (
        <div className={styles.grid} data-count={tiles.length}>
          {tiles.map((image, index) => {
            const isLast = index === tiles.length - 1 && hidden > 0;
            const expanded = shownDescription === index;
            return (
              <div key={image.url} className={styles.cell}>
                <button
                  type="button"
                  className={styles.tile}
                  // The visible "+2" is part of the name, so speech users can say what they see.
                  aria-label={`Open image ${index + 1} of ${images.length}${isLast ? `, +${hidden} more` : ''}`}
                  onClick={() => open(index)}
                >
                  {image.blurhash ? (
                    <BlurhashPlaceholder
                      hash={image.blurhash}
                      ratio={tiles.length === 1 ? soleRatio : undefined}
                    />
                  ) : null}
                  <img
                    className={styles.image}
                    // The smaller WebP in the card; the viewer opens the full picture.
                    src={image.preview_url ?? image.url}
                    alt={image.alt ?? ''}
                    loading="lazy"
                    decoding="async"
                    width={image.width ?? undefined}
                    height={image.height ?? undefined}
                    style={soleRatio ? { aspectRatio: String(soleRatio) } : undefined}
                  />
                  {isLast ? (
                    <span className={styles.more} aria-hidden="true">
                      +{hidden}
                    </span>
                  ) : null}
                </button>
                {image.alt ? (
                  <button
                    type="button"
                    className={styles.altBadge}
                    aria-expanded={expanded}
                    aria-controls={`${ids}-description`}
                    // Starts with the visible "ALT", so "click ALT" works for speech users too.
                    aria-label={`ALT: ${expanded ? 'hide' : 'show'} ${
                      images.length > 1 ? `description of image ${index + 1}` : 'image description'
                    }`}
                    data-state={expanded ? 'open' : 'closed'}
                    onClick={() => setShownDescription(expanded ? null : index)}
                  >
                    ALT
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      <div id={`${ids}-description`} aria-live="polite">
        {shown?.alt ? (
          <p className={styles.description}>
            <span className={styles.descriptionLabel}>
              {images.length > 1
                ? `Description of image ${(shownDescription ?? 0) + 1}`
                : 'Image description'}
            </span>
            {shown.alt}
          </p>
        ) : null}
      </div>
      {animated.map((item) => (
        <WhispAnimated key={item.url} media={item} autoplay={autoplay} />
      ))}
      {videos.map((video) => (
        // biome-ignore lint/a11y/useMediaCaption: members upload videos without captions; there are none to offer.
        <video
          key={video.url}
          className={styles.video}
          src={video.url}
          controls
          preload={dataSaver ? 'none' : 'metadata'}
          poster={video.preview_url ?? undefined}
          aria-label={video.alt ?? undefined}
        />
      ))}
      {onOpenMedia || !viewerUsed ? null : (
        <Suspense fallback={null}>
          <ImageViewer
            images={images.map((image) => image.url)}
            descriptions={images.map((image) => image.alt)}
            open={viewerIndex !== null}
            onOpenChange={(isOpen) => {
              if (!isOpen) setViewerIndex(null);
            }}
            index={viewerIndex ?? 0}
            onIndexChange={setViewerIndex}
            ownerName={authorName}
          />
        </Suspense>
      )}
    </>
  );
});

import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { KeyboardEvent } from 'react';
import { darkTheme } from '../../theme/themes.css.js';
import { cx } from '../../utilities/cx.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import * as Dialog from '../Dialog/Dialog.js';
import { IconButton } from '../IconButton/IconButton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ImageViewer.css.js';

export interface ImageViewerProps {
  /** The images' URLs, in order. */
  images: string[];
  /** Each image's description (alt text), by index: read out as its alt and shown beneath it. */
  descriptions?: readonly (string | null | undefined)[];
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Close or a click outside. */
  onOpenChange: (open: boolean) => void;
  /** The image shown (controlled); or `defaultIndex` to let the viewer keep it. */
  index?: number;
  /** The image shown first when `index` is not given. */
  defaultIndex?: number;
  /** Called with the new index on previous, next or the arrow keys. */
  onIndexChange?: (index: number) => void;
  /** Whose images these are, for the dialog's name: "Images from Grace Hopper". */
  ownerName?: string;
}

/** Full-size images in a dialog, with previous/next buttons and the arrow keys. */
export function ImageViewer({
  images,
  descriptions = [],
  open,
  onOpenChange,
  index,
  defaultIndex = 0,
  onIndexChange,
  ownerName,
}: ImageViewerProps) {
  const [current, setCurrent] = useControllableState(index, defaultIndex, onIndexChange);
  const count = images.length;
  const safeIndex = Math.min(Math.max(current, 0), Math.max(count - 1, 0));
  const go = (delta: number) => {
    const next = safeIndex + delta;
    if (next >= 0 && next < count) setCurrent(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    if (event.key === 'ArrowRight') go(1);
  };
  const positionLabel = `Image ${safeIndex + 1} of ${count}`;
  const description = descriptions[safeIndex] || undefined;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        // Photos are looked at on dark whatever the app's theme: the dark theme's variables apply here.
        className={cx(darkTheme, styles.content)}
        onKeyDown={onKeyDown}
        // Focus the viewer itself, not its first button: the arrow keys work at once, and no
        // button tooltip pops up over the photo (it would also swallow the first Escape).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        aria-describedby={undefined}
      >
        <Dialog.Title asChild>
          <VisuallyHidden>{ownerName ? `Images from ${ownerName}` : 'Images'}</VisuallyHidden>
        </Dialog.Title>
        <div className={styles.stage}>
          {count > 0 ? (
            <img
              className={styles.image}
              src={images[safeIndex]}
              alt={description ?? positionLabel}
            />
          ) : null}
        </div>
        {description ? (
          // Seen too, not only heard: a description helps whoever cannot make the photo out.
          <p className={styles.caption} aria-hidden="true">
            {description}
          </p>
        ) : null}
        {count > 1 ? (
          <div className={styles.navigation}>
            <IconButton
              label="Previous image"
              variant="solid"
              disabled={safeIndex === 0}
              onClick={() => go(-1)}
            >
              <ChevronLeft />
            </IconButton>
            <span className={styles.position} aria-live="polite">
              {safeIndex + 1} / {count}
            </span>
            <IconButton
              label="Next image"
              variant="solid"
              disabled={safeIndex === count - 1}
              onClick={() => go(1)}
            >
              <ChevronRight />
            </IconButton>
          </div>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

import Film from 'lucide-react/icons/film';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { IconButton } from '../IconButton/IconButton.js';
import * as styles from './ComposeModal.css.js';
import type { ComposeMedia } from './ComposeModal.js';

export interface ComposeMediaTileProps {
  /** The attachment: its preview, kind, description and upload state. */
  item: ComposeMedia;
  /** Shows the remove button. */
  onRemove?: (id: string) => void;
  /** Shows "Add description" (or "Edit description") under an image. */
  onDescribe?: (id: string) => void;
}

/** One attachment in the composer: its preview, upload state, and remove and describe actions. */
export function ComposeMediaTile({ item, onRemove, onDescribe }: ComposeMediaTileProps) {
  // A video shows its poster, or its first frame once the browser has one; until then (and on
  // browsers that load nothing before play) a placeholder names it instead of an empty box.
  const [frameLoaded, setFrameLoaded] = useState(false);
  const showsFrame = frameLoaded || Boolean(item.poster);
  const uploading = item.progress !== undefined && !item.error;
  return (
    <li className={styles.mediaItem}>
      <div className={styles.mediaFrame}>
        {item.kind === 'video' ? (
          <>
            {showsFrame ? null : (
              <span className={styles.videoPlaceholder} data-testid="video-placeholder">
                <Film aria-hidden width={28} height={28} />
                <span className={styles.videoPlaceholderName}>{item.name}</span>
              </span>
            )}
            {/* Muted, so the preview never plays sound on its own; controls once there is a frame. */}
            <video
              className={styles.mediaImage}
              src={item.previewUrl}
              poster={item.poster}
              aria-label={item.name}
              data-frame={showsFrame ? 'shown' : 'pending'}
              muted
              controls={showsFrame}
              playsInline
              preload="metadata"
              onLoadedData={() => setFrameLoaded(true)}
            />
          </>
        ) : (
          <img className={styles.mediaImage} src={item.previewUrl} alt={item.alt || item.name} />
        )}
        {uploading ? (
          <progress
            className={styles.progress}
            max={100}
            value={item.progress}
            aria-label={`Uploading ${item.name}`}
          />
        ) : null}
        {item.error ? <span className={styles.mediaError}>{item.error}</span> : null}
        {onRemove ? (
          <IconButton
            label={`Remove ${item.name}`}
            variant="solid"
            size="sm"
            className={styles.removeMedia}
            onClick={() => onRemove(item.id)}
          >
            <X />
          </IconButton>
        ) : null}
      </div>
      {onDescribe && item.kind !== 'video' && !item.error ? (
        // Under the preview rather than over it: the whole label fits at any tile width (it wraps
        // rather than being cut to "Edit descript…"), and the picture stays uncovered.
        <button
          type="button"
          className={styles.describeMedia}
          aria-label={`${item.alt ? 'Edit description of' : 'Add description to'} ${item.name}`}
          data-described={item.alt ? true : undefined}
          onClick={() => onDescribe(item.id)}
        >
          {item.alt ? 'Edit description' : 'Add description'}
        </button>
      ) : null}
    </li>
  );
}

import { ERRORS } from '@whisp/api-client/contract/errors';
import { POST_MEDIA_ACCEPT } from '@whisp/api-client/contract/media-types';
import ChartBar from 'lucide-react/icons/chart-bar';
import ImagePlay from 'lucide-react/icons/image-play';
import ImagePlus from 'lucide-react/icons/image-plus';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type ReactNode, useRef } from 'react';
import { Button } from '../Button/Button.js';
import { EmojiPicker } from '../EmojiPicker/EmojiPicker.js';
import { IconButton } from '../IconButton/IconButton.js';
import { SchedulePicker } from '../SchedulePicker/SchedulePicker.js';
import * as styles from './ComposeModal.css.js';

/** The composer's own tools; `tools` adds the app's after them. */
export const composeTools = [
  'media',
  'gif',
  'poll',
  'emoji',
  'contentWarning',
  'schedule',
] as const;
export type ComposeTool = (typeof composeTools)[number];

/** Animated pictures the GIF button offers to pick (the server keeps their animation). */
export const ANIMATED_IMAGE_ACCEPT = 'image/gif,image/webp';

export const GIF_TOOLTIP =
  'Add a GIF from your device. There is no GIF search: it would send what you type to another company.';
export const POLL_PRESENT_TOOLTIP = 'This whisp already has a poll';

export interface ComposeToolbarProps {
  enabled: readonly ComposeTool[];
  onAttachMedia?: ((files: File[]) => void) | undefined;
  hasPoll: boolean;
  hasMedia: boolean;
  onAddPoll: () => void;
  onEmoji: (emoji: string) => void;
  contentWarningShown: boolean;
  onToggleContentWarning: () => void;
  scheduledAt: string | null;
  onSchedule: (iso: string) => void;
  now?: (() => number) | undefined;
  timeZone?: string | undefined;
  onOpenScheduled?: (() => void) | undefined;
  tools?: ReactNode;
  /** The counter and the send button, at the end of the row. */
  children: ReactNode;
}

/**
 * The row under the text: attach, GIF, poll, emoji, warning and schedule, then the app's tools,
 * the counter and send. A poll and media exclude each other: the other button stays focusable,
 * marked unavailable, and its tooltip says why.
 */
export function ComposeToolbar({
  enabled,
  onAttachMedia,
  hasPoll,
  hasMedia,
  onAddPoll,
  onEmoji,
  contentWarningShown,
  onToggleContentWarning,
  scheduledAt,
  onSchedule,
  now,
  timeZone,
  onOpenScheduled,
  tools,
  children,
}: ComposeToolbarProps) {
  const mediaInput = useRef<HTMLInputElement>(null);
  const gifInput = useRef<HTMLInputElement>(null);
  const has = (tool: ComposeTool) => enabled.includes(tool);
  const pickFiles = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    if (files.length > 0) onAttachMedia?.(files);
    input.value = '';
  };
  const mediaBlocked = hasPoll ? ERRORS.pollWithMedia.message : undefined;
  const pollBlocked = hasMedia
    ? ERRORS.pollWithMedia.message
    : hasPoll
      ? POLL_PRESENT_TOOLTIP
      : undefined;

  return (
    <div className={styles.toolbar}>
      {onAttachMedia && has('media') ? (
        <>
          <IconButton
            label="Add photos or video"
            tooltip={mediaBlocked}
            aria-disabled={mediaBlocked ? true : undefined}
            onClick={() => {
              if (!mediaBlocked) mediaInput.current?.click();
            }}
          >
            <ImagePlus />
          </IconButton>
          <input
            ref={mediaInput}
            type="file"
            accept={POST_MEDIA_ACCEPT}
            multiple
            hidden
            onChange={(event) => pickFiles(event.target)}
          />
        </>
      ) : null}
      {onAttachMedia && has('gif') ? (
        <>
          <IconButton
            label="Add a GIF"
            tooltip={mediaBlocked ?? GIF_TOOLTIP}
            aria-disabled={mediaBlocked ? true : undefined}
            onClick={() => {
              if (!mediaBlocked) gifInput.current?.click();
            }}
          >
            <ImagePlay />
          </IconButton>
          <input
            ref={gifInput}
            type="file"
            accept={ANIMATED_IMAGE_ACCEPT}
            hidden
            onChange={(event) => pickFiles(event.target)}
          />
        </>
      ) : null}
      {has('poll') ? (
        <IconButton
          label="Add a poll"
          tooltip={pollBlocked}
          aria-disabled={pollBlocked ? true : undefined}
          onClick={() => {
            if (!pollBlocked) onAddPoll();
          }}
        >
          <ChartBar />
        </IconButton>
      ) : null}
      {has('emoji') ? <EmojiPicker onEmojiSelect={onEmoji} /> : null}
      {has('contentWarning') ? (
        <IconButton
          label="Content warning"
          pressed={contentWarningShown}
          onClick={onToggleContentWarning}
        >
          <TriangleAlert />
        </IconButton>
      ) : null}
      {has('schedule') ? (
        <SchedulePicker
          value={scheduledAt}
          onValueChange={onSchedule}
          now={now}
          timeZone={timeZone}
        />
      ) : null}
      {tools}
      {onOpenScheduled ? (
        <Button variant="ghost" size="sm" onClick={onOpenScheduled}>
          Scheduled whisps
        </Button>
      ) : null}
      {children}
    </div>
  );
}

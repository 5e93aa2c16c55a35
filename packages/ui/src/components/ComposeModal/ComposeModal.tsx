import type { ReplyAudience, ReplySettings, UserSummary } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { POST_MEDIA_ACCEPT } from '@whisp/api-client/contract/media-types';
import ImagePlus from 'lucide-react/icons/image-plus';
import { forwardRef, type ReactNode, useId, useRef, useState } from 'react';
import { composeCounter } from '../../format/composeCounter.js';
import { countGraphemes } from '../../format/graphemes.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { IconButton } from '../IconButton/IconButton.js';
import { TextArea } from '../TextArea/TextArea.js';
import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';
import { ComposeMediaTile } from './ComposeMediaTile.js';
import * as styles from './ComposeModal.css.js';
import { MediaDescriptionDialog } from './MediaDescriptionDialog.js';

export const EMPTY_WHISP_MESSAGE = ERRORS.emptyPost.message;
/** Shown when `onSubmit` rejects without a message of its own. */
export const SUBMIT_FAILED_MESSAGE = 'Your whisp was not posted. Try again.';

export interface ComposeDraft {
  content: string;
  replySettings: ReplySettings;
}

export const emptyDraft: ComposeDraft = {
  content: '',
  replySettings: { can_reply: 'everyone', can_repost: true },
};

/** An attached file as the app tracks it while it uploads. */
export interface ComposeMedia {
  id: string;
  /** An object URL or the uploaded address, for the preview. */
  previewUrl: string;
  name: string;
  /** Previewed as a picture or as a video player; a picture when left out. */
  kind?: 'image' | 'video';
  /**
   * A still for a video's preview. Without one the tile shows the video's first frame once the
   * browser has loaded it, and a placeholder with the file name until then.
   */
  poster?: string;
  /** The image's description (alt text), sent with the whisp; the preview's alt. */
  alt?: string;
  /** 0–100 while uploading; undefined once done. */
  progress?: number;
  error?: string;
}

export const replyAudienceLabels: Record<ReplyAudience, string> = {
  everyone: 'Everyone',
  // The server lets the author's followers reply, so the label says whose.
  followers: 'Your followers',
  none: 'Only you',
};

export interface ComposeModalProps
  extends Omit<Dialog.ContentProps, 'children' | 'onSubmit' | 'title' | 'defaultValue'> {
  /** Whether the dialog is open, controlled; or `defaultOpen` to let it keep its state. */
  open?: boolean;
  /** Whether the dialog starts open, when uncontrolled. */
  defaultOpen?: boolean;
  /** Called as the dialog opens or closes (Escape, the close button, a send). */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (a "Whisper" button). */
  trigger?: ReactNode;
  /** The author: their avatar beside the text (hidden on phones). */
  currentUser?: Pick<UserSummary, 'display_name' | 'avatar'>;
  /** The draft, controlled; or `defaultDraft` to let the dialog keep it. Either way it survives closing. */
  draft?: ComposeDraft;
  /** The starting draft when the dialog keeps the draft itself. */
  defaultDraft?: ComposeDraft;
  /** Every change of the text or the reply settings. */
  onDraftChange?: (draft: ComposeDraft) => void;
  /** Attached files with their upload state, in the order they show. */
  media?: ComposeMedia[];
  /** Shows the attach button; the app uploads and feeds `media` back with progress. */
  onAttachMedia?: (files: File[]) => void;
  /** Shows a remove button on each attachment. */
  onRemoveMedia?: (id: string) => void;
  /** Shows "Add description" on each image; called with what the member saved ("" removes it). */
  onDescribeMedia?: (id: string, description: string) => void;
  /**
   * Called with a valid draft. Resolve to clear an uncontrolled draft and close; reject (or throw)
   * to keep the dialog open with the draft, showing the error's message unless `error` is given.
   */
  onSubmit: (draft: ComposeDraft) => unknown;
  /** The send is on its way: the button shows progress and waits. */
  submitting?: boolean;
  /** A failure to show inline, e.g. the server's message. */
  error?: string;
  /** The dialog's title and accessible name. */
  title?: string;
  /** The send button's label. */
  submitLabel?: string;
  /** More toolbar buttons after the attach button (e.g. the app's GIF, poll, emoji tools). */
  tools?: ReactNode;
}

/** The 'New Whisp' dialog: text with its 500 limit, media, reply settings and a kept draft. */
export const ComposeModal = forwardRef<HTMLDivElement, ComposeModalProps>(function ComposeModal(
  {
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    trigger,
    currentUser,
    draft: draftProp,
    defaultDraft = emptyDraft,
    onDraftChange,
    media = [],
    onAttachMedia,
    onRemoveMedia,
    onDescribeMedia,
    onSubmit,
    submitting = false,
    error,
    title = 'New Whisp',
    submitLabel = 'Whisper',
    tools,
    ...props
  },
  ref,
) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  // Held here, above the dialog's content, so closing the dialog keeps what was typed.
  const [draft, setDraft] = useControllableState(draftProp, defaultDraft, onDraftChange);
  const [showEmptyWarning, setShowEmptyWarning] = useState(false);
  const [submitError, setSubmitError] = useState<string>();
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [describing, setDescribing] = useState<string>();
  const described = media.find((item) => item.id === describing);
  const ids = useId();

  const counter = composeCounter(countGraphemes(draft.content));
  const uploading = media.some((item) => item.progress !== undefined && !item.error);
  const hasContent = draft.content.trim() !== '' || media.some((item) => !item.error);

  const update = (patch: Partial<ComposeDraft>) => {
    setDraft({ ...draft, ...patch });
    setSubmitError(undefined);
    if (patch.content?.trim()) setShowEmptyWarning(false);
  };

  async function submit() {
    if (!hasContent) {
      setShowEmptyWarning(true);
      return;
    }
    if (counter.state === 'over' || uploading || submitting || sending) return;
    setSubmitError(undefined);
    setSending(true);
    try {
      await onSubmit({ ...draft, content: draft.content.trim() });
    } catch (reason) {
      // Nothing was posted: the dialog stays, with the draft, and says why.
      setSubmitError(
        reason instanceof Error && reason.message ? reason.message : SUBMIT_FAILED_MESSAGE,
      );
      return;
    } finally {
      setSending(false);
    }
    if (draftProp === undefined) setDraft(defaultDraft);
    setOpen(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Content ref={ref} aria-describedby={undefined} {...props}>
        <Dialog.Title>{title}</Dialog.Title>
        <form
          className={styles.layout}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {currentUser ? (
            // Hidden on phones, where the text needs the width more than the face.
            <Avatar
              className={styles.avatar}
              name={currentUser.display_name}
              src={currentUser.avatar}
              decorative
            />
          ) : null}
          <div className={styles.editor}>
            <TextArea
              className={styles.textarea}
              label="What’s happening?"
              hideLabel
              placeholder="What’s happening?"
              value={draft.content}
              onChange={(event) => update({ content: event.target.value })}
              onKeyDown={(event) => {
                // Ctrl/⌘+Enter sends, as in most composers.
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
              }}
              aria-describedby={`${ids}-counter`}
            />
            {showEmptyWarning ? (
              <p className={styles.warning} role="alert">
                {EMPTY_WHISP_MESSAGE}
              </p>
            ) : null}
            {(error ?? submitError) ? (
              <p className={styles.warning} role="alert">
                {error ?? submitError}
              </p>
            ) : null}
            {media.length > 0 ? (
              <ul className={styles.media} aria-label="Attached media">
                {media.map((item) => (
                  <ComposeMediaTile
                    key={item.id}
                    item={item}
                    onRemove={onRemoveMedia}
                    onDescribe={onDescribeMedia ? setDescribing : undefined}
                  />
                ))}
              </ul>
            ) : null}
            <fieldset className={styles.settings}>
              {/* Named for screen readers; on screen the two labelled controls speak for themselves. */}
              <legend className={visuallyHidden}>Reply settings</legend>
              <label className={styles.settingLabel}>
                Who can reply
                <select
                  className={styles.select}
                  value={draft.replySettings.can_reply}
                  onChange={(event) =>
                    update({
                      replySettings: {
                        ...draft.replySettings,
                        can_reply: event.target.value as ReplyAudience,
                      },
                    })
                  }
                >
                  {Object.entries(replyAudienceLabels).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <label className={styles.settingLabel}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={draft.replySettings.can_repost}
                  onChange={(event) =>
                    update({
                      replySettings: { ...draft.replySettings, can_repost: event.target.checked },
                    })
                  }
                />
                Allow rewhisps
              </label>
            </fieldset>
            <div className={styles.toolbar}>
              {onAttachMedia ? (
                <>
                  <IconButton
                    label="Add photos or video"
                    onClick={() => fileInput.current?.click()}
                  >
                    <ImagePlus />
                  </IconButton>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={POST_MEDIA_ACCEPT}
                    multiple
                    hidden
                    onChange={(event) => {
                      const files = Array.from(event.target.files ?? []);
                      if (files.length > 0) {
                        onAttachMedia(files);
                        setShowEmptyWarning(false);
                      }
                      event.target.value = '';
                    }}
                  />
                </>
              ) : null}
              {tools}
              <span id={`${ids}-counter`} className={styles.counter} data-state={counter.state}>
                {counter.text}
              </span>
              <Button
                type="submit"
                loading={submitting || sending}
                disabled={counter.state === 'over' || uploading}
              >
                {submitLabel}
              </Button>
            </div>
          </div>
        </form>
        {onDescribeMedia && described ? (
          <MediaDescriptionDialog
            open
            onOpenChange={(isOpen) => {
              if (!isOpen) setDescribing(undefined);
            }}
            name={described.name}
            previewUrl={described.previewUrl}
            description={described.alt ?? ''}
            onSave={(description) => onDescribeMedia(described.id, description)}
          />
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
});

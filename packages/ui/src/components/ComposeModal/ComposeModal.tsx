import type { ReplySettings, UserSummary } from '@whisp/api-client';
import {
  contentWarningRefusal,
  normalizeContentWarning,
  normalizePollOptions,
  pollRefusal,
  scheduleRefusal,
} from '@whisp/api-client/contract/composer';
import { ERRORS, errorMessage } from '@whisp/api-client/contract/errors';
import { forwardRef, lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { composeCounter } from '../../format/composeCounter.js';
import { countGraphemes } from '../../format/graphemes.js';
import { useInsertAtCaret } from '../../utilities/insertAtCaret.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import { ContentWarningField } from '../ContentWarningField/ContentWarningField.js';
import * as Dialog from '../Dialog/Dialog.js';
import {
  type MentionSuggestionsFieldProps,
  useMentionAutocomplete,
} from '../MentionSuggestions/useMentionAutocomplete.js';
import { newPollDraft, type PollDraft } from '../PollEditor/pollDraft.js';
import { ScheduleSummary } from '../SchedulePicker/SchedulePicker.js';
import { Spinner } from '../Spinner/Spinner.js';
import { TextArea } from '../TextArea/TextArea.js';
import { ComposeMediaTile } from './ComposeMediaTile.js';
import * as styles from './ComposeModal.css.js';
import { ComposeReplySettings } from './ComposeReplySettings.js';
import { type ComposeTool, ComposeToolbar, composeTools } from './ComposeToolbar.js';
import { MediaDescriptionDialog } from './MediaDescriptionDialog.js';

// The poll editor loads when a member first adds a poll: most whisps have none.
const PollEditor = lazy(() => import('../PollEditor/PollEditor.js'));

export const EMPTY_WHISP_MESSAGE = ERRORS.emptyPost.message;
/** Shown when `onSubmit` rejects without a message of its own. */
export const SUBMIT_FAILED_MESSAGE = 'Your whisp was not posted. Try again.';

/**
 * What the composer holds. The Composer (1.2) fields are optional so that drafts saved before them
 * still read as drafts; `normalizeDraft` fills them in.
 */
export interface ComposeDraft {
  content: string;
  replySettings: ReplySettings;
  /** null: no warning field; a string (even '') shows the field. Sent trimmed, blank as none. */
  contentWarning?: string | null;
  /** The poll being written, or null for none. */
  poll?: PollDraft | null;
  /** When to publish (ISO), or null for at once. */
  scheduledAt?: string | null;
}

export const emptyDraft: ComposeDraft = {
  content: '',
  replySettings: { can_reply: 'everyone', can_repost: true },
  contentWarning: null,
  poll: null,
  scheduledAt: null,
};

/** A draft with every field present: for drafts read back from storage. */
export function normalizeDraft(draft: ComposeDraft): Required<ComposeDraft> {
  return {
    ...draft,
    contentWarning: draft.contentWarning ?? null,
    poll: draft.poll ?? null,
    scheduledAt: draft.scheduledAt ?? null,
  };
}

/** An attached file as the app tracks it while it uploads. */
export interface ComposeMedia {
  id: string;
  /** An object URL or the uploaded address, for the preview. */
  previewUrl: string;
  name: string;
  /** Previewed as a picture (an animated one plays) or as a video player; a picture when left out. */
  kind?: 'image' | 'animated' | 'video';
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

export { replyAudienceLabels } from './ComposeReplySettings.js';

export interface ComposeModalProps
  extends Omit<Dialog.ContentProps, 'children' | 'onSubmit' | 'title' | 'defaultValue'>,
    MentionSuggestionsFieldProps {
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
   * Called with a valid draft: content trimmed, `contentWarning` trimmed or null, poll options
   * trimmed, every field present. Resolve to clear an uncontrolled draft and close; reject (or
   * throw) to keep the dialog open with the draft, showing the error's message unless `error` is
   * given. A draft with `scheduledAt` is to be scheduled, not posted.
   */
  onSubmit: (draft: Required<ComposeDraft>) => unknown;
  /** The send is on its way: the button shows progress and waits. */
  submitting?: boolean;
  /** A failure to show inline, e.g. the server's message. */
  error?: string;
  /** The dialog's title and accessible name. */
  title?: string;
  /** The send button's label; it reads "Schedule" while a time is set. */
  submitLabel?: string;
  /**
   * The built-in tools to show, all by default: `media` and `gif` (both need `onAttachMedia`),
   * `poll`, `emoji`, `contentWarning`, `schedule`. A reply offers no poll or schedule.
   */
  builtInTools?: readonly ComposeTool[];
  /** More toolbar buttons after the built-in ones. */
  tools?: ReactNode;
  /** Shows "Scheduled whisps", which calls this (open the list of pending scheduled whisps). */
  onOpenScheduled?: () => void;
  /** The clock a scheduled time is checked against (stories pin it); `Date.now` by default. */
  now?: () => number;
  /** The zone the schedule picker names; the browser's by default. */
  timeZone?: string;
}

/** The send button's label while a time is set. */
export const SCHEDULE_SUBMIT_LABEL = 'Schedule';

interface ComposeErrors {
  contentWarning?: string;
  poll?: string;
  schedule?: string;
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
    builtInTools = composeTools,
    tools,
    onOpenScheduled,
    now = Date.now,
    timeZone,
    mentionSuggestions,
    onMentionQueryChange,
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
  const [errors, setErrors] = useState<ComposeErrors>({});
  const textBox = useRef<HTMLTextAreaElement>(null);
  const warningField = useRef<HTMLInputElement>(null);
  const [describing, setDescribing] = useState<string>();
  const described = media.find((item) => item.id === describing);
  const ids = useId();

  const counter = composeCounter(countGraphemes(draft.content));
  const uploading = media.some((item) => item.progress !== undefined && !item.error);
  const hasMedia = media.some((item) => !item.error);
  const hasContent = draft.content.trim() !== '' || hasMedia;
  const { contentWarning, poll, scheduledAt } = normalizeDraft(draft);

  const update = (patch: Partial<ComposeDraft>) => {
    setDraft({ ...draft, ...patch });
    setSubmitError(undefined);
    if (patch.content?.trim()) setShowEmptyWarning(false);
    // A part's error goes once that part changes; the check runs again on send.
    setErrors((current) => ({
      ...current,
      ...('contentWarning' in patch ? { contentWarning: undefined } : {}),
      ...('poll' in patch ? { poll: undefined } : {}),
      ...('scheduledAt' in patch ? { schedule: undefined } : {}),
    }));
  };
  const insertEmoji = useInsertAtCaret(textBox, draft.content, (content) => update({ content }));
  const mentions = useMentionAutocomplete({
    field: textBox,
    value: draft.content,
    onValueChange: (content) => update({ content }),
    suggestions: mentionSuggestions,
    onQueryChange: onMentionQueryChange,
    enabled: open,
  });

  /** The contract's checks, before anything is sent: the server would refuse with the same words. */
  function check(): ComposeErrors {
    const found: ComposeErrors = {};
    const warningRefusal = contentWarningRefusal(contentWarning);
    if (warningRefusal) found.contentWarning = errorMessage(warningRefusal);
    if (poll) {
      const refusal = hasMedia
        ? 'pollWithMedia'
        : pollRefusal({
            options: poll.options,
            expires_in: poll.expiresIn,
            multiple: poll.multiple,
          });
      if (refusal) found.poll = errorMessage(refusal);
    }
    if (scheduledAt !== null) {
      const refusal = scheduleRefusal(scheduledAt, now());
      if (refusal) found.schedule = errorMessage(refusal);
    }
    return found;
  }

  async function submit() {
    if (!hasContent) {
      setShowEmptyWarning(true);
      return;
    }
    if (counter.state === 'over' || uploading || submitting || sending) return;
    const found = check();
    setErrors(found);
    if (found.contentWarning || found.poll || found.schedule) {
      if (found.contentWarning) warningField.current?.focus();
      return;
    }
    setSubmitError(undefined);
    setSending(true);
    try {
      await onSubmit({
        ...draft,
        content: draft.content.trim(),
        contentWarning: normalizeContentWarning(contentWarning),
        poll: poll ? { ...poll, options: normalizePollOptions(poll.options) } : null,
        scheduledAt,
      });
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
            {contentWarning !== null ? (
              <ContentWarningField
                ref={warningField}
                value={contentWarning}
                error={errors.contentWarning}
                onValueChange={(value) => update({ contentWarning: value })}
              />
            ) : null}
            <TextArea
              ref={textBox}
              className={styles.textarea}
              label="What’s happening?"
              hideLabel
              placeholder="What’s happening?"
              value={draft.content}
              {...mentions.fieldProps}
              onChange={(event) => {
                mentions.fieldProps.onChange(event);
                update({ content: event.target.value });
              }}
              onKeyDown={(event) => {
                mentions.fieldProps.onKeyDown(event);
                if (event.defaultPrevented) return;
                // Ctrl/⌘+Enter sends, as in most composers.
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
              }}
              aria-describedby={`${ids}-counter`}
            />
            {mentions.list}
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
            {poll ? (
              <Suspense fallback={<Spinner label="Loading the poll editor" />}>
                <PollEditor
                  value={poll}
                  error={errors.poll}
                  onValueChange={(value) => update({ poll: value })}
                  onRemove={() => {
                    update({ poll: null });
                    textBox.current?.focus();
                  }}
                />
              </Suspense>
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
            <ComposeReplySettings
              value={draft.replySettings}
              onValueChange={(replySettings) => update({ replySettings })}
            />
            {scheduledAt !== null ? (
              <div className={styles.schedule}>
                <ScheduleSummary
                  value={scheduledAt}
                  onClear={() => update({ scheduledAt: null })}
                />
                {errors.schedule ? (
                  <p className={styles.fieldError} role="alert">
                    {errors.schedule}
                  </p>
                ) : null}
              </div>
            ) : null}
            <ComposeToolbar
              enabled={builtInTools}
              onAttachMedia={
                onAttachMedia
                  ? (files) => {
                      onAttachMedia(files);
                      setShowEmptyWarning(false);
                    }
                  : undefined
              }
              hasPoll={poll !== null}
              hasMedia={media.length > 0}
              onAddPoll={() => update({ poll: newPollDraft() })}
              onEmoji={insertEmoji}
              contentWarningShown={contentWarning !== null}
              onToggleContentWarning={() => {
                const shown = contentWarning !== null;
                update({ contentWarning: shown ? null : '' });
                // The field it opens takes focus; closing it gives focus back to the text.
                requestAnimationFrame(() =>
                  (shown ? textBox.current : warningField.current)?.focus(),
                );
              }}
              scheduledAt={scheduledAt}
              onSchedule={(iso) => update({ scheduledAt: iso })}
              now={now}
              timeZone={timeZone}
              onOpenScheduled={onOpenScheduled}
              tools={tools}
            >
              <span id={`${ids}-counter`} className={styles.counter} data-state={counter.state}>
                {counter.text}
              </span>
              <Button
                type="submit"
                loading={submitting || sending}
                disabled={counter.state === 'over' || uploading}
              >
                {scheduledAt !== null ? SCHEDULE_SUBMIT_LABEL : submitLabel}
              </Button>
            </ComposeToolbar>
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

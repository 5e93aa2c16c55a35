import type { ModerationReport, ReportAction, UserSummary } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { MODERATION_NOTE_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { REPORT_REASON_LABELS } from '@whisp/api-client/contract/moderation-notices';
import Flag from 'lucide-react/icons/flag';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { cx } from '../../utilities/cx.js';
import { focusElement } from '../../utilities/focusReturn.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Avatar } from '../Avatar/Avatar.js';
import { Button } from '../Button/Button.js';
import { MemberHandle, memberHandle, memberHref } from '../MemberHandle/MemberHandle.js';
import { TextArea } from '../TextArea/TextArea.js';
import { VerifiedBadge } from '../VerifiedBadge/VerifiedBadge.js';
import { WhispCard } from '../WhispCard/WhispCard.js';
import * as styles from './ModerationQueueItem.css.js';

export interface ModerationResolution {
  action: ReportAction;
  /** Trimmed; absent when the moderator wrote nothing. */
  note?: string;
}

export interface ModerationQueueItemProps extends ComponentPropsWithoutRef<'article'> {
  /** The report: its reason, reporter, details, the reported whisp or member and its state. */
  report: ModerationReport;
  /**
   * Dismiss, Remove whisp or Suspend member, each after a note. When it returns a promise the
   * note stays open until it settles (and after a failure, to try again).
   */
  onResolve?: (report: ModerationReport, resolution: ModerationResolution) => unknown;
  /** Offered on a resolved report that suspended its member. */
  onUnsuspend?: (member: UserSummary) => void;
  /** The unsuspension is on its way: its button shows a spinner. */
  unsuspending?: boolean;
  /** A failure from the server for this report. */
  error?: string;
  /** The app's router link for the names and the whisp; a plain `<a>` otherwise. */
  linkComponent?: LinkComponent;
  /** "Now" for relative times; stories and tests pin it. */
  now?: Date;
}

/** What each action's confirm button says. */
function actionLabel(action: ReportAction, member: UserSummary): string {
  if (action === 'dismiss') return 'Dismiss report';
  if (action === 'remove_post') return 'Remove whisp';
  return `Suspend ${memberHandle(member)}`;
}

/** The past tense of an action, for a resolved report. */
const resolvedAs: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  remove_post: 'Whisp removed',
  suspend_user: 'Member suspended',
};

/**
 * One report in the moderation queue: what was reported (the whisp as a read-only card, or the
 * member), who reported it, the reason and details; while open, the actions, each asking for a
 * note. Cancel gives focus back to the action's button; once resolved, focus is on the report.
 */
export const ModerationQueueItem = forwardRef<HTMLElement, ModerationQueueItemProps>(
  function ModerationQueueItem(
    {
      report,
      onResolve,
      onUnsuspend,
      unsuspending = false,
      error,
      linkComponent,
      now,
      className,
      ...props
    },
    ref,
  ) {
    const Link = useLinkComponent(linkComponent);
    const format = useWhispFormatter();
    const headingId = useId();
    const [choosing, setChoosing] = useState<ReportAction | null>(null);
    const [note, setNote] = useState('');
    const [sending, setSending] = useState(false);
    const item = useRef<HTMLElement | null>(null);
    const actionButtons = useRef<Partial<Record<ReportAction, HTMLButtonElement | null>>>({});
    // Where focus goes once the note form has left (it held focus): the action's button after
    // Cancel, the report itself once resolved (its buttons are gone).
    const focusNext = useRef<ReportAction | 'item' | null>(null);
    useEffect(() => {
      const next = focusNext.current;
      if (choosing || !next) return;
      focusNext.current = null;
      const target = next === 'item' ? item.current : actionButtons.current[next];
      if (target?.isConnected) focusElement(target);
    });
    const member = report.user;
    const noteTooLong = countGraphemes(note) > MODERATION_NOTE_MAX_LENGTH;
    const open = report.status === 'open';
    const subject =
      report.target_type === 'post' ? `Whisp by ${memberHandle(member)}` : memberHandle(member);

    async function confirm(action: ReportAction) {
      if (!onResolve || noteTooLong) return;
      const trimmed = note.trim();
      const result = onResolve(report, trimmed ? { action, note: trimmed } : { action });
      if (!(result instanceof Promise)) return;
      setSending(true);
      try {
        await result;
        focusNext.current = 'item';
        setChoosing(null);
        setNote('');
      } catch {
        // The caller shows the failure (`error`); the note stays for another try.
      } finally {
        setSending(false);
      }
    }

    return (
      <article
        ref={(node) => {
          item.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        className={cx(styles.item, className)}
        aria-labelledby={headingId}
        data-status={report.status}
        data-target={report.target_type}
        {...props}
      >
        <header className={styles.header}>
          <Flag aria-hidden className={styles.flag} />
          <h3 id={headingId} className={styles.title}>
            <span className={styles.reason}>{REPORT_REASON_LABELS[report.reason]}</span>
            <span className={styles.subject}>{subject}</span>
          </h3>
          <time
            className={styles.muted}
            dateTime={report.created_at}
            title={format.fullDateTime(report.created_at)}
          >
            {format.relativeTime(report.created_at, now)}
          </time>
        </header>
        <p className={styles.reporter}>
          Reported by{' '}
          <Link href={memberHref(report.reporter)}>
            {report.reporter.display_name} {memberHandle(report.reporter)}
          </Link>
        </p>
        {report.details ? (
          <blockquote className={styles.details}>{report.details}</blockquote>
        ) : null}

        <div className={styles.target}>
          {report.target_type === 'post' ? (
            report.post ? (
              <WhispCard
                readOnly
                post={report.post}
                linkComponent={linkComponent}
                now={now}
                embedVideos={false}
              />
            ) : (
              <p className={styles.gone}>This whisp has been deleted.</p>
            )
          ) : (
            <div className={styles.member}>
              <Avatar name={member.display_name} src={member.avatar} decorative />
              <span className={styles.memberNames}>
                <Link href={memberHref(member)} className={styles.memberName}>
                  {member.display_name}
                  {member.is_verified ? <VerifiedBadge /> : null}
                </Link>
                <MemberHandle acct={member.acct} className={styles.muted} />
              </span>
            </div>
          )}
        </div>

        {open && onResolve ? (
          choosing ? (
            <form
              className={styles.noteForm}
              onSubmit={(event) => {
                event.preventDefault();
                void confirm(choosing);
              }}
            >
              <TextArea
                label="Note (optional)"
                hint={
                  choosing === 'dismiss'
                    ? 'For the moderation log.'
                    : `${memberHandle(member)} reads it in their notification.`
                }
                rows={2}
                value={note}
                maxLength={MODERATION_NOTE_MAX_LENGTH}
                onChange={(event) => setNote(event.target.value)}
                error={noteTooLong ? ERRORS.moderationNoteTooLong.message : undefined}
                // Focus follows the moderator's own click: the note is what the button asked for.
                autoFocus
              />
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    focusNext.current = choosing;
                    setChoosing(null);
                  }}
                >
                  Cancel
                </Button>
                <Button
                  type="submit"
                  size="sm"
                  variant={choosing === 'dismiss' ? 'primary' : 'danger'}
                  loading={sending}
                  disabled={noteTooLong}
                >
                  {actionLabel(choosing, member)}
                </Button>
              </div>
            </form>
          ) : (
            // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields.
            <div className={styles.actions} role="group" aria-label="Resolve report">
              <Button
                ref={(node) => {
                  actionButtons.current.dismiss = node;
                }}
                variant="secondary"
                size="sm"
                onClick={() => setChoosing('dismiss')}
              >
                Dismiss
              </Button>
              {report.target_type === 'post' && report.post ? (
                <Button
                  ref={(node) => {
                    actionButtons.current.remove_post = node;
                  }}
                  variant="secondary"
                  size="sm"
                  onClick={() => setChoosing('remove_post')}
                >
                  Remove whisp
                </Button>
              ) : null}
              <Button
                ref={(node) => {
                  actionButtons.current.suspend_user = node;
                }}
                variant="secondary"
                size="sm"
                onClick={() => setChoosing('suspend_user')}
              >
                Suspend member
              </Button>
            </div>
          )
        ) : null}

        {report.resolution ? (
          <div className={styles.resolution}>
            <p className={styles.resolutionLine}>
              <strong>{resolvedAs[report.resolution.action]}</strong> by{' '}
              {report.resolution.moderator.display_name} ·{' '}
              <time dateTime={report.resolution.resolved_at}>
                {format.relativeTime(report.resolution.resolved_at, now)}
              </time>
            </p>
            {report.resolution.note ? (
              <p className={styles.resolutionNote}>{report.resolution.note}</p>
            ) : null}
            {report.resolution.action === 'suspend_user' && onUnsuspend ? (
              <Button
                variant="secondary"
                size="sm"
                loading={unsuspending}
                onClick={() => onUnsuspend(member)}
              >
                Unsuspend {memberHandle(member)}
              </Button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </article>
    );
  },
);

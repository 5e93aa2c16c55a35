import { useInfiniteQuery } from '@tanstack/react-query';
import { type CurrentUser, isApiError, type Post } from '@whisp/api-client';
import { normalizeContentWarning } from '@whisp/api-client/contract/composer';
import { postQueries, useReply } from '@whisp/api-client/react';
import {
  Avatar,
  CommentDialog,
  formatRelativeTime,
  memberHandle,
  Skeleton,
  useToast,
} from '@whisp/ui';
import { useState } from 'react';
import { client } from '../../client';
import { useMentionSuggestions } from '../mentions/useMentionSuggestions';
import * as styles from './ReplyDialog.css';
import { ReplyWarningField } from './ReplyWarningField';

const REPLY_FAILED = 'Failed to post comment. Please try again.';

/**
 * The comment dialog: the whisp's real replies (oldest first) and a form posting a new one, with
 * mention suggestions as in the composer. Reply under one of them moves the dialog to that reply,
 * so the answer is posted to it.
 */
export default function ReplyDialog({
  post,
  user,
  onClose,
  onReplyTo,
  onReplied,
}: {
  post: Post;
  user: CurrentUser;
  onClose: () => void;
  /** Reply under a listed reply: the provider opens this dialog again for that reply. */
  onReplyTo: (reply: Post) => void;
  /** The reply just posted (the thread page marks it where it landed). */
  onReplied?: (reply: Post) => void;
}) {
  const { toast } = useToast();
  const reply = useReply();
  const replies = useInfiniteQuery(postQueries.replies(client, post.id));
  const [error, setError] = useState<string>();
  const [warning, setWarning] = useState<string | null>(null);
  const list = replies.data?.pages.flatMap((page) => page.posts) ?? [];
  const mentions = useMentionSuggestions();

  return (
    <CommentDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      post={post}
      currentUser={{ display_name: user.display_name, avatar: user.profile_picture_url }}
      submitting={reply.isPending}
      error={error}
      mentionSuggestions={mentions.suggestions}
      onMentionQueryChange={mentions.onQueryChange}
      onSubmit={async (content) => {
        setError(undefined);
        try {
          const posted = await reply.mutateAsync({
            id: post.id,
            content,
            content_warning: normalizeContentWarning(warning),
          });
          toast('Reply posted', { variant: 'success' });
          setWarning(null);
          onReplied?.(posted);
        } catch (reason) {
          // A refusal by the whisp's reply settings says why; anything else gets the spec's words.
          const message =
            isApiError(reason) && reason.status === 403 ? reason.message : REPLY_FAILED;
          setError(message);
          toast(REPLY_FAILED, { variant: 'error' });
          throw reason;
        }
      }}
    >
      <section className={styles.replies} aria-label="Replies">
        {replies.isPending ? (
          <div className={styles.reply}>
            <Skeleton circle width={32} height={32} />
            <Skeleton width="60%" />
          </div>
        ) : replies.isError ? (
          <p className={styles.muted}>Failed to load replies</p>
        ) : list.length === 0 ? (
          <p className={styles.muted}>No replies yet. Be the first to reply.</p>
        ) : (
          <ul className={styles.list}>
            {list.map((item) => (
              <li key={item.id} className={styles.reply}>
                <Avatar
                  name={item.author.display_name}
                  src={item.author.avatar}
                  size="sm"
                  decorative
                />
                <div className={styles.body}>
                  <span className={styles.author}>
                    {item.author.display_name}{' '}
                    <span className={styles.muted}>
                      {memberHandle(item.author)} · {formatRelativeTime(item.created_at)}
                    </span>
                  </span>
                  {item.content_warning ? (
                    // Folded as on a card: the warning first, the text when the reader asks.
                    <details>
                      <summary className={styles.warning}>{item.content_warning}</summary>
                      <p className={styles.content}>{item.content}</p>
                    </details>
                  ) : (
                    <p className={styles.content}>{item.content}</p>
                  )}
                  <button
                    type="button"
                    className={styles.replyButton}
                    onClick={() => onReplyTo(item)}
                    aria-label={`Reply to ${memberHandle(item.author)}`}
                  >
                    Reply
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ReplyWarningField value={warning} onValueChange={setWarning} />
    </CommentDialog>
  );
}

import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@whisp/api-client';
import {
  moderationMutations,
  postKeys,
  useDeletePost,
  useToggleBookmark,
  useToggleLike,
  useToggleRewhisp,
  useVotePoll,
} from '@whisp/api-client/react';
import { memberHandle, useToast, type WhispCardProps, type WhispToggleAction } from '@whisp/ui';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { client } from '../../client';
import { RouterLink } from '../RouterLink';
import { useCurrentUser } from '../SessionProvider';
import { type SafetyMember, useSafetyActions } from '../safety/useSafetyActions';
import type { ReportTarget } from './ReportDialog';
import { whispIdFromClick } from './whispIdFromClick';

// The dialogs load when first needed, keeping the dialog library out of the first screen.
const ReplyDialog = lazy(() => import('./ReplyDialog'));
const ConfirmDeleteDialog = lazy(() => import('./ConfirmDeleteDialog'));
const ReportDialog = lazy(() => import('./ReportDialog'));
const ConfirmBlockDialog = lazy(() => import('../safety/ConfirmBlockDialog'));
const HistoryDialog = lazy(() => import('./HistoryDialog'));

type CardProps = Omit<WhispCardProps, 'post'>;
type Pending = Record<string, Partial<Record<WhispToggleAction | 'vote', boolean>>>;

interface PostActionsValue {
  cardProps: CardProps;
  pendingByPost: Pending;
  /** Opens the report dialog for a whisp or a member (the profile's "Report @name"). */
  openReport: (target: ReportTarget) => void;
  /** Asks before blocking a member (a whisp's menu, a profile's), then blocks. */
  confirmBlock: (member: SafetyMember) => void;
  /** The reply the member last posted from the reply dialog: the thread marks it. */
  lastReplyId: string | undefined;
}

const VOTE_FAILED = 'Your vote was not counted. Try again.';

const PostActionsContext = createContext<PostActionsValue | null>(null);

/** The reply rule as the viewer can know it; 'followers' is decided by the server. */
function replyClosedReason(post: Post, viewerId: string): string | null {
  if (post.author.id === viewerId) return null;
  if (post.reply_settings.can_reply === 'none') {
    return `Only ${memberHandle(post.author)} can reply to this whisp`;
  }
  return null;
}

/**
 * Every whisp's actions in one place: toggles that change once the server agrees (with the
 * spec's toasts), replies, share, delete after a confirmation, report, and opening the thread.
 */
export function PostActionsProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Only the stable `mutate` of each toggle: the mutation's own state changes when a like starts
  // and ends, and a cardProps that followed it would re-render every card for a like on one.
  const { mutate: likeMutate } = useToggleLike();
  const { mutate: rewhispMutate } = useToggleRewhisp();
  const { mutate: bookmarkMutate } = useToggleBookmark();
  const { mutate: voteMutate } = useVotePoll();
  // A vote is known by its poll's id; the card that shows it waiting is known by its whisp's.
  const votingPosts = useRef(new Map<string, string>());
  // The member's server-kept choice: a change in Settings reaches every card through `me`.
  const { autoplay_media: autoplay, data_saver: dataSaver } = user.preferences;
  const remove = useDeletePost();
  const reportPost = useMutation(moderationMutations.reportPost(client));
  const reportUser = useMutation(moderationMutations.reportUser(client));
  const safety = useSafetyActions();
  const [replyTo, setReplyTo] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<SafetyMember | null>(null);
  const [historyOf, setHistoryOf] = useState<Post | null>(null);
  const [lastReplyId, setLastReplyId] = useState<string>();
  const report = reporting?.type === 'user' ? reportUser : reportPost;

  const pendingLikes = usePendingIds('like');
  const pendingRewhisps = usePendingIds('rewhisp');
  const pendingBookmarks = usePendingIds('bookmark');
  const pendingPolls = usePendingIds('vote-poll', 'pollId');
  const pendingByPost = useMemo(() => {
    const pending: Pending = {};
    const mark = (ids: string[], action: WhispToggleAction | 'vote') => {
      for (const id of ids) pending[id] = { ...pending[id], [action]: true };
    };
    mark(pendingLikes, 'like');
    mark(pendingRewhisps, 'rewhisp');
    mark(pendingBookmarks, 'bookmark');
    mark(
      pendingPolls.flatMap((pollId) => votingPosts.current.get(pollId) ?? []),
      'vote',
    );
    return pending;
  }, [pendingLikes, pendingRewhisps, pendingBookmarks, pendingPolls]);

  // The same rule for a whisp's Reply and for Reply under a reply in the dialog.
  const openReply = useCallback(
    (post: Post) => {
      const closed = replyClosedReason(post, user.id);
      if (closed) toast(closed);
      else setReplyTo(post);
    },
    [user.id, toast],
  );

  const cardProps = useMemo<CardProps>(
    () => ({
      currentUserId: user.id,
      linkComponent: RouterLink,
      onLike: (post) => {
        const liked = !post.is_liked;
        likeMutate(
          { id: post.id, liked },
          {
            onSuccess: () => toast(liked ? 'Post liked!' : 'Removed like'),
            onError: () => toast('Failed to like post', { variant: 'error' }),
          },
        );
      },
      onRewhisp: (post) => {
        const rewhisped = !post.is_rewhisped;
        rewhispMutate(
          { id: post.id, rewhisped },
          {
            onSuccess: () => toast(rewhisped ? 'Post rewhisped!' : 'Removed rewhisp'),
            onError: () => toast('Failed to repost post', { variant: 'error' }),
          },
        );
      },
      onBookmark: (post) => {
        const bookmarked = !post.is_bookmarked;
        bookmarkMutate(
          { id: post.id, bookmarked },
          {
            onSuccess: () => toast(bookmarked ? 'Added to bookmarks' : 'Removed from bookmarks'),
            onError: () => toast('Failed to bookmark post', { variant: 'error' }),
          },
        );
      },
      onReply: openReply,
      onVote: (post, choices) => {
        if (!post.poll) return;
        votingPosts.current.set(post.poll.id, post.id);
        voteMutate(
          { pollId: post.poll.id, choices },
          // The server's words: "You have already voted in this poll.", "This poll has ended."
          { onError: (reason) => toast(reason.message || VOTE_FAILED, { variant: 'error' }) },
        );
      },
      onOpenHistory: (post) => setHistoryOf(post),
      autoplay,
      dataSaver,
      onShare: (post) => {
        const url = `${window.location.origin}/whisp/${post.id}`;
        navigator.clipboard
          ?.writeText(url)
          .then(() => toast('Link copied to clipboard'))
          .catch(() => toast(`Copy this link: ${url}`, { duration: 6000 }));
        if (!navigator.clipboard) toast(`Copy this link: ${url}`, { duration: 6000 });
      },
      onDelete: (post) => setDeleting(post),
      onReport: (post) => setReporting({ type: 'post', id: post.id, acct: post.author.acct }),
      onReportAuthor: (post) =>
        setReporting({ type: 'user', id: post.author.id, acct: post.author.acct }),
      // The menu is gone once an item is chosen: Undo takes focus, one Enter away.
      onMuteAuthor: (post) => safety.mute(post.author, { focusUndo: true }),
      onBlockAuthor: (post) => setBlocking(post.author),
      onClick: (event) => {
        const id = whispIdFromClick(event);
        if (id) navigate(`/whisp/${id}`);
      },
    }),
    [
      user.id,
      likeMutate,
      rewhispMutate,
      bookmarkMutate,
      voteMutate,
      autoplay,
      dataSaver,
      toast,
      navigate,
      safety,
      openReply,
    ],
  );

  const value = useMemo(
    () => ({
      cardProps,
      pendingByPost,
      openReport: setReporting,
      confirmBlock: setBlocking,
      lastReplyId,
    }),
    [cardProps, pendingByPost, lastReplyId],
  );
  return (
    <PostActionsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {replyTo ? (
          // Keyed by the whisp answered: Reply under a reply starts a fresh dialog for it.
          <ReplyDialog
            key={replyTo.id}
            post={replyTo}
            user={user}
            onClose={() => setReplyTo(null)}
            onReplyTo={openReply}
            onReplied={(reply) => setLastReplyId(reply.id)}
          />
        ) : null}
        {deleting ? (
          <ConfirmDeleteDialog
            open
            deleting={remove.isPending}
            onCancel={() => setDeleting(null)}
            onConfirm={() =>
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast('Whisp deleted');
                  setDeleting(null);
                  void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
                },
                onError: (reason) =>
                  toast(reason.message || 'Failed to delete whisp', { variant: 'error' }),
              })
            }
          />
        ) : null}
        {historyOf ? <HistoryDialog post={historyOf} onClose={() => setHistoryOf(null)} /> : null}
        {blocking ? (
          <ConfirmBlockDialog member={blocking} onClose={() => setBlocking(null)} />
        ) : null}
        {reporting ? (
          <ReportDialog
            target={reporting}
            sending={report.isPending}
            error={report.error?.message}
            onCancel={() => {
              reportPost.reset();
              reportUser.reset();
              setReporting(null);
            }}
            onSubmit={(values) =>
              report.mutate(
                { id: reporting.id, ...values },
                {
                  onSuccess: () => {
                    toast('Thanks. Your report was sent to our moderators.');
                    report.reset();
                    setReporting(null);
                  },
                },
              )
            }
          />
        ) : null}
      </Suspense>
    </PostActionsContext.Provider>
  );
}

function usePendingIds(
  action: 'like' | 'rewhisp' | 'bookmark' | 'vote-poll',
  idField: 'id' | 'pollId' = 'id',
): string[] {
  const ids = useMutationState({
    filters: { mutationKey: [...postKeys.all, action], status: 'pending' },
    select: (mutation) =>
      (mutation.state.variables as Record<string, string> | undefined)?.[idField] ?? '',
  });
  // A stable array while nothing changes, so the cards do not re-render for nothing.
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key is the identity.
  return useMemo(() => ids, [key]);
}

export function usePostActions(): PostActionsValue {
  const value = useContext(PostActionsContext);
  if (!value) throw new Error('usePostActions needs a <PostActionsProvider> above it.');
  return value;
}

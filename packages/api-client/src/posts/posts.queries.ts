import {
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { LIST_LIMIT_MAX, PAGE_SIZE } from '../contract/limits.js';
import { isApiError } from '../http/ApiError.js';
import type { Id } from '../models.js';
import {
  appendReplyToThread,
  applyPostState,
  newWhispLists,
  prependPostToLists,
  putScheduledInList,
  removePostFromCache,
  updatePollInCache,
  updatePostInCache,
} from '../query/cache.js';
import { bookmarkKeys, postKeys, scheduledPostKeys, userKeys } from '../query/keys.js';
import { insertReplyIntoContexts } from '../query/threadContext.js';
import {
  type FeedName,
  type FeedPage,
  isScheduledWhisp,
  type NewPost,
  type NewReply,
  type PostEdit,
  type Report,
} from './posts.api.js';

export type { FeedName };
export { postKeys };

type PagedFeed = Exclude<FeedName, 'public'>;

export const postQueries = {
  /**
   * "For you" or "Following", 20 at a time, each page continuing from the previous one's
   * `next_cursor` (so a re-ranked "For you" neither repeats nor skips whisps).
   */
  feed: (client: WhispClient, feed: PagedFeed) =>
    infiniteQueryOptions({
      queryKey: postKeys.list({ feed }),
      queryFn: ({ pageParam, signal }) =>
        client.posts.feedPage(feed, { limit: PAGE_SIZE, cursor: pageParam ?? undefined }, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage: FeedPage) => lastPage.next_cursor ?? undefined,
    }),

  /** The newest public whisps (one page; trends are computed from 100 or 200 of them). */
  public: (client: WhispClient, limit = LIST_LIMIT_MAX) =>
    queryOptions({
      queryKey: postKeys.list({ feed: 'public', limit }),
      queryFn: ({ signal }) => client.posts.public({ limit }, signal),
    }),

  detail: (client: WhispClient, id: Id) =>
    queryOptions({
      queryKey: postKeys.detail(id),
      queryFn: ({ signal }) => client.posts.get(id, signal),
    }),

  /** A thread's replies, oldest first, 20 at a time. */
  replies: (client: WhispClient, id: Id) =>
    infiniteQueryOptions({
      queryKey: postKeys.replies(id),
      queryFn: ({ pageParam, signal }) =>
        client.posts.replies(id, { limit: PAGE_SIZE, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: (last, _pages, offset: number) =>
        last.has_more ? offset + last.posts.length : undefined,
    }),

  /** The thread around a whisp: its ancestors from the root down, its replies depth first. */
  context: (client: WhispClient, id: Id) =>
    queryOptions({
      queryKey: postKeys.context(id),
      queryFn: ({ signal }) => client.posts.context(id, signal),
    }),

  /** Its versions, oldest first, the current one last (read when someone asks to see them). */
  history: (client: WhispClient, id: Id) =>
    queryOptions({
      queryKey: postKeys.history(id),
      queryFn: ({ signal }) => client.posts.history(id, signal),
    }),
};

/**
 * The toggles follow product-spec section 4: nothing changes on screen until the server agrees,
 * so a failed like leaves the heart as it was (no optimistic flip to roll back). On success the
 * server's counts go to every cached copy of the whisp.
 */
export const postMutations = {
  like: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'like'],
      mutationFn: ({ id, liked }: { id: Id; liked: boolean }) =>
        liked ? client.posts.like(id) : client.posts.unlike(id),
      onSuccess: (post) => applyPostState(queryClient, post),
    }),

  rewhisp: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'rewhisp'],
      mutationFn: ({ id, rewhisped, comment }: { id: Id; rewhisped: boolean; comment?: string }) =>
        rewhisped ? client.posts.rewhisp(id, { comment }) : client.posts.unrewhisp(id),
      onSuccess: async (post) => {
        applyPostState(queryClient, post);
        // The rewhisp itself appears in (or leaves) feeds and the Rewhisps tab on their next view;
        // refetching now would make the list jump under the person's finger.
        await invalidateLists(queryClient);
      },
    }),

  bookmark: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'bookmark'],
      mutationFn: ({ id, bookmarked }: { id: Id; bookmarked: boolean }) =>
        bookmarked ? client.posts.bookmark(id) : client.posts.unbookmark(id),
      onSuccess: async ({ is_bookmarked }, { id }) => {
        updatePostInCache(queryClient, id, { is_bookmarked });
        await queryClient.invalidateQueries({ queryKey: bookmarkKeys.all, refetchType: 'none' });
      },
    }),

  /**
   * Posting retries once on a lost connection with the same Idempotency-Key, so the whisp is
   * posted once even when the first answer never arrived.
   */
  create: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'create'],
      mutationFn: (input: NewPost) =>
        client.posts.create(input, { idempotencyKey: idempotencyKeyFor(input) }),
      retry: retryLostConnection,
      onSuccess: async (answer) => {
        // A whisp for later is in no feed yet: only the member's scheduled list changes. It
        // shows there at once, and the list is read again when next shown.
        if (isScheduledWhisp(answer)) {
          putScheduledInList(queryClient, answer);
          await queryClient.invalidateQueries({ queryKey: scheduledPostKeys.all });
          return;
        }
        const post = answer;
        // The whisp shows at the top of the feed the member is looking at (and their other feed
        // and Whisps tab) at once; those lists are not refetched, which would re-rank it away.
        const shown = prependPostToLists(queryClient, post, newWhispLists(post));
        const predicate = (query: { queryHash: string }) => !shown.has(query.queryHash);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: postKeys.lists(), predicate }),
          queryClient.invalidateQueries({ queryKey: userKeys.detail(post.author.id), predicate }),
          queryClient.invalidateQueries({ queryKey: userKeys.byUsername(post.author.username) }),
        ]);
      },
    }),

  reply: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'reply'],
      mutationFn: (variables: NewReply & { id: Id }) => {
        const { id, ...input } = variables;
        return client.posts.reply(id, input, { idempotencyKey: idempotencyKeyFor(variables) });
      },
      retry: retryLostConnection,
      onSuccess: async (reply, { id }) => {
        updatePostInCache(queryClient, id, (post) => ({
          ...post,
          reply_count: post.reply_count + 1,
        }));
        // Shown at the end of the thread at once; marked stale without a refetch, so the list
        // does not jump, and its next read has it from the server.
        const shown = appendReplyToThread(queryClient, id, reply);
        // A reply to a reply goes in place in every cached thread that holds its parent; all
        // threads are marked stale without a refetch, as the replies list is.
        insertReplyIntoContexts(queryClient, id, reply);
        await Promise.all([
          queryClient.invalidateQueries({
            queryKey: postKeys.replies(id),
            refetchType: shown ? 'none' : 'active',
          }),
          queryClient.invalidateQueries({
            queryKey: postKeys.details(),
            predicate: (query) => query.queryKey.at(-1) === 'context',
            refetchType: 'none',
          }),
        ]);
      },
    }),

  /** Replaces the text and the warning (leaving `content_warning` out removes it). */
  edit: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'edit'],
      mutationFn: ({ id, ...edit }: PostEdit & { id: Id }) => client.posts.edit(id, edit),
      onSuccess: async (post) => {
        updatePostInCache(queryClient, post.id, {
          content: post.content,
          content_warning: post.content_warning,
          hashtags: post.hashtags,
          mentions: post.mentions,
          updated_at: post.updated_at,
          edited_at: post.edited_at,
        });
        await queryClient.invalidateQueries({ queryKey: postKeys.history(post.id) });
      },
    }),

  /**
   * Votes in a poll: `mutate({ pollId, choices })`. As with likes, nothing changes until the
   * server agrees; then its poll (counts now visible) goes to every cached copy of the whisp.
   */
  votePoll: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'vote-poll'],
      mutationFn: ({ pollId, choices }: { pollId: Id; choices: number[] }) =>
        client.posts.votePoll(pollId, choices),
      onSuccess: (poll) => updatePollInCache(queryClient, poll),
    }),

  remove: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'remove'],
      mutationFn: (id: Id) => client.posts.remove(id),
      onSuccess: async (_result, id) => {
        removePostFromCache(queryClient, id);
        queryClient.removeQueries({ queryKey: postKeys.detail(id) });
        await invalidateLists(queryClient);
      },
    }),

  report: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'report'],
      mutationFn: ({ id, ...report }: Report & { id: Id }) => client.posts.report(id, report),
    }),

  uploadMedia: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...postKeys.all, 'upload-media'],
      mutationFn: (files: Blob[]) => client.posts.uploadMedia(files),
    }),
};

// One key per mutate() call, the same for its retries (TanStack passes the same variables object).
const idempotencyKeys = new WeakMap<object, string>();
function idempotencyKeyFor(variables: object) {
  let key = idempotencyKeys.get(variables);
  if (!key) {
    key = randomKey();
    idempotencyKeys.set(variables, key);
  }
  return key;
}

function randomKey() {
  // randomUUID exists only in secure contexts; a page on plain http still has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** Only a write whose answer was lost is worth repeating; a refusal would only repeat itself. */
function retryLostConnection(failureCount: number, error: Error) {
  return isApiError(error) && error.isNetworkError && failureCount < 2;
}

/** Marks every list stale without refetching what is on screen now. */
function invalidateLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: userKeys.details(), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: bookmarkKeys.all, refetchType: 'none' }),
  ]);
}

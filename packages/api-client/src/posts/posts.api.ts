import type { ApiContext, DataBody, MessageBody, OffsetPage } from '../http/context.js';
import type {
  Id,
  Poll,
  PollRequest,
  Post,
  PostContext,
  PostVersion,
  ReplySettings,
  ScheduledWhisp,
} from '../models.js';
import type { PostPage, Upload } from '../users/users.api.js';

/** One attachment of a new whisp: a URL `uploadMedia` returned and its description. */
export interface NewAttachment {
  url: string;
  /** Alt text, up to `MEDIA_ALT_MAX_LENGTH` characters; empty or null for none. */
  alt?: string | null;
}

export interface NewPost {
  content: string;
  /** The attachments with their descriptions; send this or `media_urls`, not both. */
  media?: NewAttachment[];
  /** As returned by `uploadMedia` (prefixed or not: the client sends the server's own paths). */
  media_urls?: string[];
  reply_settings?: ReplySettings;
  /** Shown in place of the text and media until opened; absent, null or blank for none. */
  content_warning?: string | null;
  /** A poll takes no media (400 otherwise). */
  poll?: PollRequest | null;
  /**
   * An ISO time 5 minutes to a year ahead: the whisp is stored and published then, and the
   * answer is a ScheduledWhisp instead of a Post.
   */
  scheduled_at?: string | null;
}

/** A whisp posted now: the answer is the Post. */
export type NewPostNow = NewPost & { scheduled_at?: null };
/** A whisp for later: the answer is the ScheduledWhisp. */
export type NewScheduledPost = NewPost & { scheduled_at: string };

export interface NewReply {
  content: string;
  media?: NewAttachment[];
  media_urls?: string[];
  content_warning?: string | null;
}

/** An edit replaces the text and the warning: leaving `content_warning` out removes it. */
export interface PostEdit {
  content: string;
  content_warning?: string | null;
}

/** Tells the two answers of `posts.create` apart: a scheduled whisp has its time, a Post has not. */
export function isScheduledWhisp(answer: Post | ScheduledWhisp): answer is ScheduledWhisp {
  return 'scheduled_at' in answer;
}

export interface Report {
  reason: string;
  details?: string;
}

interface PostsBody {
  success: true;
  posts: Post[];
}

export interface WriteOptions {
  /**
   * Sent as `Idempotency-Key` (a server addition to api.md): the same key twice makes one whisp,
   * so a write retried after a lost answer is not posted twice. Up to 255 characters.
   */
  idempotencyKey?: string;
}

const idempotency = ({ idempotencyKey }: WriteOptions): Record<string, string> =>
  idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};

export type FeedName = 'for-you' | 'following' | 'public';

export interface FeedQuery {
  page?: number;
  limit?: number;
  /** Where the previous page ended (`next_cursor`); steadier than page numbers for a ranked feed. */
  cursor?: string;
}

/**
 * A feed page with the server's `next_cursor` (null after the last page). api.md lists only
 * `posts`; the server adds the cursor so "For you" pages neither repeat nor skip while it re-ranks.
 */
export interface FeedPage {
  posts: Post[];
  next_cursor: string | null;
}

export const FEED_PATHS: Record<FeedName, string> = {
  'for-you': '/api/posts/timeline',
  following: '/api/posts/following',
  public: '/api/posts/public',
};

export function createPostsApi({ request, media }: ApiContext) {
  const path = (id: Id) => `/api/posts/${encodeURIComponent(id)}`;
  const post = async (promise: Promise<DataBody<Post>>) => media.post((await promise).data);
  const feedPage = async (
    feed: FeedName,
    query: FeedQuery = {},
    signal?: AbortSignal,
  ): Promise<FeedPage> => {
    const body = await request<PostsBody & { next_cursor?: string | null }>(FEED_PATHS[feed], {
      query: { page: query.page, limit: query.limit, cursor: query.cursor },
      signal,
    });
    return { posts: body.posts.map(media.post), next_cursor: body.next_cursor ?? null };
  };
  const feed = async (name: FeedName, query: FeedQuery, signal?: AbortSignal) =>
    (await feedPage(name, query, signal)).posts;
  const serverPaths = (urls: string[] | undefined) => urls?.map(media.toServerPath);
  const attachments = (list: NewAttachment[] | undefined) =>
    list?.map((attachment) => ({ ...attachment, url: media.toServerPath(attachment.url) }));

  /** POST /api/posts (201): a Post, or a ScheduledWhisp when `scheduled_at` was given. */
  function create(input: NewPostNow, options?: WriteOptions): Promise<Post>;
  function create(input: NewScheduledPost, options?: WriteOptions): Promise<ScheduledWhisp>;
  function create(input: NewPost, options?: WriteOptions): Promise<Post | ScheduledWhisp>;
  async function create(input: NewPost, options: WriteOptions = {}) {
    const body = await request<DataBody<Post | ScheduledWhisp>>('/api/posts', {
      method: 'POST',
      body: {
        ...input,
        media: attachments(input.media),
        media_urls: serverPaths(input.media_urls),
      },
      headers: idempotency(options),
    });
    return isScheduledWhisp(body.data)
      ? media.scheduledWhisp(body.data)
      : media.post(body.data as Post);
  }

  return {
    /** GET /api/posts/timeline: "For you" (own, followed, and well-liked recent posts). */
    timeline: (query: FeedQuery = {}, signal?: AbortSignal) => feed('for-you', query, signal),

    /** GET /api/posts/following: own and followed members' posts and rewhisps, newest first. */
    following: (query: FeedQuery = {}, signal?: AbortSignal) => feed('following', query, signal),

    /** GET /api/posts/public: the newest public posts (limit up to 200). */
    public: (query: FeedQuery = {}, signal?: AbortSignal) => feed('public', query, signal),

    /** Any of the three feeds with its `next_cursor`, for paging (the infinite queries use it). */
    feedPage,

    /**
     * POST /api/posts (201): empty without media or over 500 characters is a 400. With
     * `scheduled_at` the answer is the ScheduledWhisp (`isScheduledWhisp` tells them apart).
     */
    create,

    /** POST /api/posts/media: one or more `media` parts; returns URLs ready to show and to post. */
    uploadMedia: async (files: Upload[]) => {
      const form = new FormData();
      for (const file of files)
        form.append('media', file, file instanceof File ? file.name : 'media');
      const body = await request<{ success: true; media_urls: string[] }>('/api/posts/media', {
        method: 'POST',
        body: form,
      });
      return body.media_urls.map((url) => media.url(url) ?? url);
    },

    /** GET /api/posts/{id}. */
    get: (id: Id, signal?: AbortSignal) => post(request(path(id), { signal })),

    /** GET /api/posts/{id}/replies: oldest first. */
    replies: async (id: Id, page: OffsetPage = {}, signal?: AbortSignal): Promise<PostPage> => {
      const body = await request<PostsBody & { has_more: boolean }>(`${path(id)}/replies`, {
        query: { ...page },
        signal,
      });
      return { posts: body.posts.map(media.post), has_more: body.has_more };
    },

    /** POST /api/posts/{id}: edit; the author only (403 otherwise). */
    edit: (id: Id, input: PostEdit) => post(request(path(id), { method: 'POST', body: input })),

    /**
     * GET /api/posts/{id}/context: the thread around a whisp, ancestors from the root down and
     * descendants depth first (each level oldest first).
     */
    context: async (id: Id, signal?: AbortSignal): Promise<PostContext> => {
      const { data } = await request<DataBody<PostContext>>(`${path(id)}/context`, { signal });
      return {
        ancestors: data.ancestors.map(media.post),
        descendants: data.descendants.map(media.post),
      };
    },

    /** GET /api/posts/{id}/history: oldest first, the current version last. */
    history: async (id: Id, signal?: AbortSignal): Promise<PostVersion[]> =>
      (await request<DataBody<PostVersion[]>>(`${path(id)}/history`, { signal })).data,

    /**
     * POST /api/polls/{id}/votes: the indexes chosen (exactly one unless the poll is multiple);
     * the poll with its counts. 409 when already voted or ended, 403 for its author.
     */
    votePoll: async (pollId: Id, choices: number[]): Promise<Poll> =>
      (
        await request<DataBody<Poll>>(`/api/polls/${encodeURIComponent(pollId)}/votes`, {
          method: 'POST',
          body: { choices },
        })
      ).data,

    /** DELETE /api/posts/{id}: the author only; its likes, bookmarks and rewhisps go with it. */
    remove: async (id: Id) => {
      const body = await request<MessageBody>(path(id), { method: 'DELETE' });
      return { message: body.message };
    },

    /** POST /api/posts/{id}/like: idempotent; the post with its new count. */
    like: (id: Id) => post(request(`${path(id)}/like`, { method: 'POST' })),

    /** POST /api/posts/{id}/unlike. */
    unlike: (id: Id) => post(request(`${path(id)}/unlike`, { method: 'POST' })),

    /** POST /api/posts/{id}/reply (201): 403 when the post's reply settings exclude you. */
    reply: (id: Id, input: NewReply, options: WriteOptions = {}) =>
      post(
        request(`${path(id)}/reply`, {
          method: 'POST',
          body: {
            ...input,
            media: attachments(input.media),
            media_urls: serverPaths(input.media_urls),
          },
          headers: idempotency(options),
        }),
      ),

    /** POST /api/posts/{id}/rewhisp: the original with its new counts; 403 when not repostable. */
    rewhisp: (id: Id, options: { comment?: string | null } = {}) =>
      post(
        request(`${path(id)}/rewhisp`, {
          method: 'POST',
          body: { comment: options.comment ?? null },
        }),
      ),

    /** POST /api/posts/{id}/unrewhisp. */
    unrewhisp: (id: Id) => post(request(`${path(id)}/unrewhisp`, { method: 'POST' })),

    /** POST /api/posts/{id}/bookmark. */
    bookmark: async (id: Id) =>
      (
        await request<DataBody<{ is_bookmarked: boolean }>>(`${path(id)}/bookmark`, {
          method: 'POST',
        })
      ).data,

    /** POST /api/posts/{id}/unbookmark. */
    unbookmark: async (id: Id) =>
      (
        await request<DataBody<{ is_bookmarked: boolean }>>(`${path(id)}/unbookmark`, {
          method: 'POST',
        })
      ).data,

    /** POST /api/posts/{id}/report (201). */
    report: async (id: Id, input: Report) => {
      const body = await request<MessageBody>(`${path(id)}/report`, {
        method: 'POST',
        body: input,
      });
      return { message: body.message };
    },
  };
}

export type PostsApi = ReturnType<typeof createPostsApi>;

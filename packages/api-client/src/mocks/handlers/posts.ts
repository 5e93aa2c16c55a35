import { http } from 'msw';
import {
  bookmarksQuery,
  hashtagQuery,
  searchQuery,
  trendsQuery,
} from '../../contract/endpoints/discovery.js';
import {
  editPostBodySchema,
  feedQuery,
  newPostBodySchema,
  newReplyBodySchema,
  repliesQuery,
  rewhispBodySchema,
} from '../../contract/endpoints/posts.js';
import { PUBLIC_POSTS_LIMIT_MAX } from '../../contract/limits.js';
import { validateEmail } from '../../contract/validation.js';
import { createRoute, type HandlerContext, param, query, readJson, validate } from './shared.js';
import { readPostMedia } from './uploads.js';

const feeds = {
  timeline: feedQuery(),
  following: feedQuery(),
  public: feedQuery(PUBLIC_POSTS_LIMIT_MAX),
} as const;

export function postHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  const id = (params: Record<string, unknown>) => param(params as never, 'id');
  const key = (request: Request) => request.headers.get('idempotency-key');

  return [
    ...(['timeline', 'following', 'public'] as const).map((feed) =>
      http.get(
        `${base}/api/posts/${feed}`,
        route(({ token, url }) => {
          const viewer = store.viewer(token);
          const paging = validate(feeds[feed], query(url), 'querystring');
          const read = {
            timeline: store.timeline,
            following: store.following,
            public: store.publicPosts,
          }[feed];
          return { success: true, ...read(viewer, paging) };
        }),
      ),
    ),
    http.post(
      `${base}/api/posts/media`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const uploads = await readPostMedia(request);
        const media_urls = uploads.map((upload) => {
          store.recordPostMedia(viewer, upload.key, upload.kind);
          return store.storeFile(upload);
        });
        return { success: true, media_urls };
      }),
    ),
    http.post(
      `${base}/api/posts`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const body = validate(newPostBodySchema, await readJson(request), 'body');
        const { scheduled_at, ...whisp } = body;
        if (scheduled_at) {
          const scheduled = store.schedule(viewer, { ...whisp, scheduled_at });
          return {
            status: 201,
            body: { success: true, message: 'Whisp scheduled', data: scheduled },
          };
        }
        const post = store.create(viewer, { ...whisp, idempotencyKey: key(request) });
        return { status: 201, body: { success: true, message: 'Whisp posted', data: post } };
      }),
    ),
    http.get(
      `${base}/api/posts/:id/replies`,
      route(({ token, params, url }) => {
        const viewer = store.viewer(token);
        const { limit, offset } = validate(repliesQuery, query(url), 'querystring');
        return { success: true, ...store.replies(viewer, id(params), limit, offset) };
      }),
    ),
    http.get(
      `${base}/api/posts/:id`,
      route(({ token, params }) => ({
        success: true,
        data: store.get(store.viewer(token), id(params)),
      })),
    ),
    http.post(
      `${base}/api/posts/:id`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const edit = validate(editPostBodySchema, await readJson(request), 'body');
        return { success: true, data: store.edit(viewer, id(params), edit) };
      }),
    ),
    http.delete(
      `${base}/api/posts/:id`,
      route(({ token, params }) => {
        store.remove(store.viewer(token), id(params));
        return { success: true, message: 'Whisp deleted' };
      }),
    ),
    ...(['like', 'unlike'] as const).map((action) =>
      http.post(
        `${base}/api/posts/:id/${action}`,
        route(({ token, params }) => ({
          success: true,
          data: store[action](store.viewer(token), id(params)),
        })),
      ),
    ),
    http.post(
      `${base}/api/posts/:id/reply`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const body = validate(newReplyBodySchema, await readJson(request), 'body');
        const reply = store.reply(viewer, id(params), { ...body, idempotencyKey: key(request) });
        return { status: 201, body: { success: true, message: 'Reply posted', data: reply } };
      }),
    ),
    http.post(
      `${base}/api/posts/:id/rewhisp`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const body = validate(rewhispBodySchema, await readJson(request), 'body');
        return { success: true, data: store.rewhisp(viewer, id(params), body?.comment ?? '') };
      }),
    ),
    http.post(
      `${base}/api/posts/:id/unrewhisp`,
      route(({ token, params }) => ({
        success: true,
        data: store.unrewhisp(store.viewer(token), id(params)),
      })),
    ),
    ...([true, false] as const).map((on) =>
      http.post(
        `${base}/api/posts/:id/${on ? 'bookmark' : 'unbookmark'}`,
        route(({ token, params }) => ({
          success: true,
          message: on ? 'Bookmarked' : 'Bookmark removed',
          data: store.setBookmark(store.viewer(token), id(params), on),
        })),
      ),
    ),
    // POST /api/posts/{id}/report: with the other reports, in ./moderation.ts.

    http.get(
      `${base}/api/bookmarks`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const { limit, offset } = validate(bookmarksQuery, query(url), 'querystring');
        return { success: true, data: store.bookmarks(viewer, limit, offset) };
      }),
    ),
    http.get(
      `${base}/api/search`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const { q, limit } = validate(searchQuery, query(url), 'querystring');
        const found = store.search(viewer, q, limit);
        // An address is never read as the start of a username or a name (as on the server).
        if (validateEmail(q) === undefined) found.users = store.membersByEmail(viewer, q);
        return { success: true, data: found };
      }),
    ),
    http.get(
      `${base}/api/search/hashtag/:tag`,
      route(({ token, params, url }) => {
        const viewer = store.viewer(token);
        const { limit, offset } = validate(hashtagQuery, query(url), 'querystring');
        return { success: true, data: store.hashtag(viewer, param(params, 'tag'), limit, offset) };
      }),
    ),
    http.get(
      `${base}/api/trends`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const { limit } = validate(trendsQuery, query(url), 'querystring');
        return { success: true, data: store.trends(viewer, limit) };
      }),
    ),
  ];
}

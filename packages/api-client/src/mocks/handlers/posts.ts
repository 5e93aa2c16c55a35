import { http } from 'msw';
import {
  LIST_LIMIT_MAX,
  PAGE_SIZE,
  PUBLIC_POSTS_LIMIT_MAX,
  TRENDS_SHOWN,
} from '../../contract/limits.js';
import type { ReplySettings } from '../../models.js';
import { MockError } from '../errors.js';
import { createRoute, type HandlerContext, intParam, param, readJson, text } from './shared.js';

const MEDIA_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

const stringList = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function postHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  const paging = (url: URL, maxLimit = LIST_LIMIT_MAX) => ({
    page: intParam(url, 'page', 1, 1, Number.MAX_SAFE_INTEGER),
    limit: intParam(url, 'limit', PAGE_SIZE, 1, maxLimit),
    cursor: url.searchParams.get('cursor') || undefined,
  });
  const offsetPage = (url: URL) => ({
    limit: intParam(url, 'limit', PAGE_SIZE, 1, LIST_LIMIT_MAX),
    offset: intParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  });
  const id = (params: Record<string, unknown>) => param(params as never, 'id');

  return [
    http.get(
      `${base}/api/posts/timeline`,
      route(({ token, url }) => ({
        success: true,
        ...store.timeline(store.viewer(token), paging(url)),
      })),
    ),
    http.get(
      `${base}/api/posts/following`,
      route(({ token, url }) => ({
        success: true,
        ...store.following(store.viewer(token), paging(url)),
      })),
    ),
    http.get(
      `${base}/api/posts/public`,
      route(({ token, url }) => ({
        success: true,
        ...store.publicPosts(store.viewer(token), paging(url, PUBLIC_POSTS_LIMIT_MAX)),
      })),
    ),
    http.post(
      `${base}/api/posts/media`,
      route(async ({ token, request }) => {
        store.viewer(token);
        const form = await request.formData().catch(() => null);
        const files = (form?.getAll('media') ?? []).filter((part) => part instanceof Blob);
        if (files.length === 0) throw new MockError(400, 'VALIDATION_ERROR', 'No media uploaded');
        const typed = files.map((file) => {
          const extension = MEDIA_TYPES[file.type];
          if (!extension) {
            throw new MockError(
              415,
              'UNSUPPORTED_MEDIA_TYPE',
              'This type of file is not supported',
            );
          }
          return { type: file.type, body: file, extension };
        });
        return { success: true, media_urls: typed.map(store.storeFile) };
      }),
    ),
    http.post(
      `${base}/api/posts`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const body = await readJson(request);
        const post = store.create(viewer, {
          content: text(body.content),
          media_urls: stringList(body.media_urls),
          reply_settings: body.reply_settings as ReplySettings | undefined,
          idempotencyKey: request.headers.get('idempotency-key'),
        });
        return { status: 201, body: { success: true, message: 'Whisp posted', data: post } };
      }),
    ),
    http.get(
      `${base}/api/posts/:id/replies`,
      route(({ token, params, url }) => {
        const { limit, offset } = offsetPage(url);
        return { success: true, ...store.replies(store.viewer(token), id(params), limit, offset) };
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
        const content = text((await readJson(request)).content) ?? '';
        return { success: true, data: store.edit(viewer, id(params), content) };
      }),
    ),
    http.delete(
      `${base}/api/posts/:id`,
      route(({ token, params }) => {
        store.remove(store.viewer(token), id(params));
        return { success: true, message: 'Whisp deleted' };
      }),
    ),
    http.post(
      `${base}/api/posts/:id/like`,
      route(({ token, params }) => ({
        success: true,
        data: store.like(store.viewer(token), id(params)),
      })),
    ),
    http.post(
      `${base}/api/posts/:id/unlike`,
      route(({ token, params }) => ({
        success: true,
        data: store.unlike(store.viewer(token), id(params)),
      })),
    ),
    http.post(
      `${base}/api/posts/:id/reply`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const body = await readJson(request);
        const reply = store.reply(viewer, id(params), {
          content: text(body.content),
          media_urls: stringList(body.media_urls),
          idempotencyKey: request.headers.get('idempotency-key'),
        });
        return { status: 201, body: { success: true, message: 'Reply posted', data: reply } };
      }),
    ),
    http.post(
      `${base}/api/posts/:id/rewhisp`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const comment = text((await readJson(request)).comment) ?? null;
        return { success: true, data: store.rewhisp(viewer, id(params), comment) };
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
    http.post(
      `${base}/api/posts/:id/report`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const body = await readJson(request);
        const reason = text(body.reason)?.trim();
        if (!reason) throw new MockError(400, 'VALIDATION_ERROR', 'Please give a reason');
        store.report(viewer, id(params), reason, text(body.details) ?? null);
        return { status: 201, body: { success: true, message: 'Thank you for your report' } };
      }),
    ),

    http.get(
      `${base}/api/bookmarks`,
      route(({ token, url }) => {
        const { limit, offset } = offsetPage(url);
        return { success: true, data: store.bookmarks(store.viewer(token), limit, offset) };
      }),
    ),
    http.get(
      `${base}/api/search`,
      route(({ token, url }) => ({
        success: true,
        data: store.search(store.viewer(token), url.searchParams.get('q') ?? ''),
      })),
    ),
    http.get(
      `${base}/api/search/hashtag/:tag`,
      route(({ token, params }) => ({
        success: true,
        data: store.hashtag(store.viewer(token), param(params, 'tag')),
      })),
    ),
    http.get(
      `${base}/api/trends`,
      route(({ token, url }) => {
        store.viewer(token);
        return {
          success: true,
          data: store.trends(intParam(url, 'limit', TRENDS_SHOWN, 1, LIST_LIMIT_MAX)),
        };
      }),
    ),
  ];
}

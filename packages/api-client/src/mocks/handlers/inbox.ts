import { HttpResponse, http } from 'msw';
import {
  conversationListQuery,
  markMessagesReadBodySchema,
  messageListQuery,
  notificationListQuery,
  sendMessageBodySchema,
} from '../../contract/endpoints/inbox.js';
import { supportBodySchema } from '../../contract/endpoints/support.js';
import { fail } from '../errors.js';
import { SEEDED_PHOTO_SIZE } from '../media-details.js';
import type { LiveEvent } from '../store/context.js';
import { createRoute, type HandlerContext, param, query, readJson, validate } from './shared.js';

const RECONNECT_AFTER_MS = 3_000;
/** Heartbeat comment, as the server sends at least every 30 seconds. */
const HEARTBEAT_MS = 15_000;

export function inboxHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.get(
      `${base}/api/notifications`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const { limit, before } = validate(notificationListQuery, query(url), 'querystring');
        return { success: true, data: store.notifications(viewer, limit, before) };
      }),
    ),
    http.patch(
      `${base}/api/notifications/read-all`,
      route(({ token }) => ({
        success: true,
        data: store.markAllNotificationsRead(store.viewer(token)),
      })),
    ),
    http.patch(
      `${base}/api/notifications/:id/read`,
      route(({ token, params }) => {
        store.markNotificationRead(store.viewer(token), param(params, 'id'));
        return { success: true };
      }),
    ),

    http.get(
      `${base}/api/messages/conversations`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const { page, limit } = validate(conversationListQuery, query(url), 'querystring');
        return { success: true, data: store.conversations(viewer, page, limit) };
      }),
    ),
    http.get(
      `${base}/api/messages/conversations/:id/messages`,
      route(({ token, params, url }) => {
        const viewer = store.viewer(token);
        const { page, limit } = validate(messageListQuery, query(url), 'querystring');
        return { success: true, data: store.messages(viewer, param(params, 'id'), page, limit) };
      }),
    ),
    http.post(
      `${base}/api/messages`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const body = validate(sendMessageBodySchema, await readJson(request), 'body');
        const message = store.send(viewer, body.recipient_id, body.content);
        return { status: 201, body: { success: true, data: message } };
      }),
    ),
    http.post(
      `${base}/api/messages/start/:userId`,
      route(({ token, params }) => ({
        success: true,
        data: store.start(store.viewer(token), param(params, 'userId')),
      })),
    ),
    http.patch(
      `${base}/api/messages/read`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const { message_ids } = validate(
          markMessagesReadBodySchema,
          await readJson(request),
          'body',
        );
        return { success: true, data: store.markMessagesRead(viewer, message_ids) };
      }),
    ),
    http.get(
      `${base}/api/messages/unread-count`,
      route(({ token }) => ({
        success: true,
        data: { unread_count: store.unreadCounts(store.viewer(token).id).messages },
      })),
    ),

    http.post(
      `${base}/api/support`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const body = validate(supportBodySchema, await readJson(request), 'body');
        const data = store.submitSupport(viewer, body);
        return {
          status: 201,
          body: {
            success: true,
            message: 'Thanks! We will get back to you within 24-48 hours.',
            data,
          },
        };
      }),
    ),

    http.get(
      `${base}/api/events`,
      route(({ request, url, token }) => {
        const viewer = store.viewer(token ?? url.searchParams.get('token'));
        const encoder = new TextEncoder();
        let sequence = 0;
        let cleanup = () => {};
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            const send = (event: LiveEvent) => {
              sequence += 1;
              const frame = `id: ${sequence}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
              controller.enqueue(encoder.encode(frame));
            };
            // As the server: how long to wait before reconnecting, then the counts, then events.
            controller.enqueue(encoder.encode(`retry: ${RECONNECT_AFTER_MS}\n\n`));
            send({ type: 'unread', data: store.unreadCounts(viewer.id) });
            const unsubscribe = store.subscribe(viewer.id, send);
            const heartbeat = setInterval(
              () => controller.enqueue(encoder.encode(': heartbeat\n\n')),
              HEARTBEAT_MS,
            );
            cleanup = () => {
              unsubscribe();
              clearInterval(heartbeat);
            };
            request.signal.addEventListener('abort', () => {
              cleanup();
              controller.close();
            });
          },
          cancel: () => cleanup(),
        });
        return new HttpResponse(stream, {
          headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
        });
      }),
    ),

    http.get(
      `${base}/media/:file`,
      route(
        ({ url }) => {
          const stored = store.data.media[url.pathname];
          if (stored)
            return new HttpResponse(stored.body, { headers: { 'Content-Type': stored.type } });
          if (url.pathname.endsWith('.svg')) {
            return new HttpResponse(placeholderImage(url.pathname), {
              headers: { 'Content-Type': 'image/svg+xml' },
            });
          }
          throw fail('notFound');
        },
        { api: false },
      ),
    ),
  ];
}

/** Seeded avatars, banners and photos are drawn on the fly: one calm colour per file name. */
function placeholderImage(pathname: string) {
  let hash = 0;
  for (const char of pathname) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const avatar = pathname.includes('avatar-');
  const initial = avatar ? (pathname.split('avatar-')[1]?.[0] ?? '?').toUpperCase() : '';
  const [width, height] = avatar
    ? [128, 128]
    : pathname.includes('banner-')
      ? [1500, 500]
      : [SEEDED_PHOTO_SIZE.width, SEEDED_PHOTO_SIZE.height];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 42%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${
    initial
      ? `<text x="50%" y="54%" font-family="system-ui, sans-serif" font-size="64" fill="white" text-anchor="middle" dominant-baseline="middle">${initial}</text>`
      : ''
  }</svg>`;
}

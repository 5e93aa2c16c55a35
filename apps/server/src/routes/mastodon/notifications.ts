import {
  type MastodonNotificationType,
  mastodonErrorSchema,
  mastodonNotificationFilters,
  mastodonNotificationListSchema,
  mastodonNotificationParams,
  mastodonNotificationSchema,
  mastodonPagingQuery,
  NOTIFICATION_PAGE_LIMIT,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountRecord } from '../../db/repositories/mastodon-facts.js';
import type { NotificationRow } from '../../db/repositories/notifications.js';
import type { NotificationType } from '../../db/schema.js';
import { pageEnds, readMastodonPage, setPagingLinks } from '../../mastodon/paging.js';
import { accountOnPage } from '../../mastodon/status.js';
import { statusesOfRows } from '../../mastodon/statuses.js';
import { type MastodonUrls, mastodonUrls } from '../../mastodon/urls.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Notifications (Mastodon client API 1.2, methods/notifications.md): Whisp's own, read through
// its repository (so what a member never sees stays unseen: visibleNotification), told in
// Mastodon's types. Dismissing and clearing delete them for Whisp's app too.

export interface MastodonNotificationOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

/** Whisp's type → Mastodon's; undefined for those Mastodon apps are not told. */
const MASTODON_TYPE: Partial<Record<NotificationType, MastodonNotificationType>> = {
  like: 'favourite',
  rewhisp: 'reblog',
  reply: 'mention',
  mention: 'mention',
  follow: 'follow',
  follow_request: 'follow_request',
  poll: 'poll',
};

/** The Whisp types a Mastodon filter keeps: every one told, less the excluded, within `types`. */
function whispTypes(types: string[] | undefined, excluded: string[] | undefined) {
  return (Object.keys(MASTODON_TYPE) as NotificationType[]).filter((type) => {
    const told = MASTODON_TYPE[type] as string;
    return (!types || types.includes(told)) && !excluded?.includes(told);
  });
}

/** Notification rows → Mastodon notifications, their accounts and statuses read per page. */
export async function toMastodonNotifications(
  app: FastifyInstance,
  urls: MastodonUrls,
  viewerId: string,
  // With their actors' accounts when listed for the Mastodon API (notifications.list's `mastodon`).
  rows: (NotificationRow & { mastodon_actor?: AccountRecord | null })[],
  anyoneMayBeSuspended = true,
) {
  const postIds = [...new Set(rows.flatMap((row) => (row.post_id ? [row.post_id] : [])))];
  // Read with their Mastodon facts, and the rows with their actors' accounts when the list was
  // (`mastodon`): then the page needs no statement more.
  const posts = await app.repositories.posts.hydrate(viewerId, postIds, {
    mastodon: true,
    anyoneMayBeSuspended,
  });
  const actors = rows.flatMap((row) => (row.mastodon_actor ? [row.mastodon_actor] : []));
  const read = await statusesOfRows(app.repositories, urls, posts, actors);
  const { accounts } = read.page;
  const missing = [...new Set(rows.map((row) => row.actor_id))].filter((id) => !accounts.has(id));
  if (missing.length > 0) {
    for (const [id, account] of await app.repositories.mastodon.accounts(missing)) {
      accounts.set(id, account);
    }
  }
  const statusByWhisp = new Map(
    posts.flatMap(({ row }, index) => {
      const status = read.statuses[index];
      return status ? [[row.id, status] as const] : [];
    }),
  );
  return rows.flatMap((row) => {
    const type = MASTODON_TYPE[row.type];
    const actor = accounts.get(row.actor_id);
    if (!type || !actor) return [];
    const status = row.post_id ? statusByWhisp.get(row.post_id) : undefined;
    // A notification about a whisp the member can no longer read is not shown.
    if (row.post_id && !status) return [];
    return [
      {
        id: row.mastodon_id,
        type,
        group_key: `ungrouped-${row.mastodon_id}`,
        created_at: row.created_at.toISOString(),
        account: accountOnPage(read.page, actor),
        ...(status ? { status } : {}),
      },
    ];
  });
}

export const mastodonNotificationRoutes: FastifyPluginAsyncZod<
  MastodonNotificationOptions
> = async (app, { publicUrl }) => {
  const { notifications } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  app.get(
    '/api/v1/notifications',
    {
      config: mastodonRoute('read:notifications'),
      schema: {
        summary: 'The member’s notifications, newest first',
        querystring: mastodonPagingQuery(NOTIFICATION_PAGE_LIMIT).merge(
          mastodonNotificationFilters,
        ),
        response: { 200: mastodonNotificationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      // Nobody is suspended while the sign-in's `hides` is off: the counts need no correction.
      const anyoneMayBeSuspended = request.member.filters.hides;
      const query = request.query;
      const types = whispTypes(
        query.types ?? query['types[]'],
        query.exclude_types ?? query['exclude_types[]'],
      );
      const listed = await readMastodonPage(
        {
          page: async (after: string | undefined, limit: number) => {
            const rows = await notifications.list(memberId, limit, after, types, {
              mastodon: true,
              anyoneMayBeSuspended,
            });
            const items = await toMastodonNotifications(
              app,
              urls,
              memberId,
              rows,
              anyoneMayBeSuspended,
            );
            const last = rows.at(-1);
            return { items, next: rows.length === limit && last ? last.id : undefined };
          },
          cursorOf: (id) => notifications.idOf(memberId, id),
          idOf: (notification) => notification.id,
        },
        query,
      );
      setPagingLinks(
        request,
        reply,
        publicUrl,
        pageEnds(listed, (entry) => entry.id, query.limit),
      );
      return listed;
    },
  );

  app.get(
    '/api/v1/notifications/:id',
    {
      config: mastodonRoute('read:notifications'),
      schema: {
        summary: 'One of the member’s notifications',
        params: mastodonNotificationParams,
        response: { 200: mastodonNotificationSchema, 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const id = await notifications.idOf(memberId, request.params.id);
      const row = id ? await notifications.findOne(memberId, id) : undefined;
      const [notification] = row ? await toMastodonNotifications(app, urls, memberId, [row]) : [];
      if (!notification) throw recordNotFound();
      return notification;
    },
  );

  app.post(
    '/api/v1/notifications/:id/dismiss',
    {
      config: mastodonRoute('write:notifications'),
      schema: {
        summary: 'Dismiss one notification (gone from Whisp’s app too)',
        params: mastodonNotificationParams,
        response: { 200: z.object({}), 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const id = await notifications.idOf(memberId, request.params.id);
      if (!id || !(await notifications.dismiss(memberId, id))) throw recordNotFound();
      return {};
    },
  );

  app.post(
    '/api/v1/notifications/clear',
    {
      config: mastodonRoute('write:notifications'),
      schema: {
        summary: 'Dismiss every notification (gone from Whisp’s app too)',
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request) => {
      await notifications.clear(request.member.id);
      return {};
    },
  );
};

import {
  type MastodonStatus,
  mastodonErrorSchema,
  mastodonPagingQuery,
  mastodonStatusListSchema,
  STATUS_PAGE_LIMIT,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedResult, TimeCursor } from '../../db/repositories/feeds.js';
import {
  type NewestFirstList,
  pageEnds,
  readMastodonPage,
  setPagingLinks,
} from '../../mastodon/paging.js';
import { statusesOfRows } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { feedViewer } from '../posts/read.js';
import { mastodonRoute } from './access.js';

// Timelines (Mastodon client API 1.2, methods/timelines.md): Whisp's own feeds, read by the same
// statements as the web app's (Following is home, the public feed is public), as statuses.

export interface MastodonTimelineOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

/** Mastodon's flags of the public timeline: every Whisp member is local. */
const publicQuery = mastodonPagingQuery(STATUS_PAGE_LIMIT).extend({
  local: z.string().optional().describe('Only this server’s: all of Whisp’s are'),
  remote: z.string().optional().describe('Only other servers’: none, before federation'),
  only_media: z.string().optional(),
});

const isTrue = (flag: string | undefined) => flag === 'true' || flag === '1';

export const mastodonTimelineRoutes: FastifyPluginAsyncZod<MastodonTimelineOptions> = async (
  app,
  { publicUrl },
) => {
  const { feeds, mastodon } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /**
   * A Whisp feed as a Mastodon list of statuses. The feed's statement reads each whisp's Mastodon
   * facts too (`mastodon`), so a page is the one statement Whisp's own page is.
   */
  const statusList = (
    feed: (after: TimeCursor | undefined, limit: number) => Promise<FeedResult<TimeCursor>>,
  ): NewestFirstList<MastodonStatus, TimeCursor> => ({
    page: async (after, limit) => {
      const result = await feed(after, limit);
      const { statuses } = await statusesOfRows(app.repositories, urls, result.posts);
      return { items: statuses.flatMap((status) => status ?? []), next: result.next };
    },
    cursorOf: (id) => mastodon.postCursor(id),
    idOf: (status) => status.id,
  });

  app.get(
    '/api/v1/timelines/home',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'The member’s home timeline: Whisp’s Following',
        querystring: mastodonPagingQuery(STATUS_PAGE_LIMIT),
        response: { 200: mastodonStatusListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = feedViewer(request.member);
      const list = statusList((after, limit) =>
        feeds.following(viewer, { limit, offset: 0, after }, { mastodon: true }),
      );
      const statuses = await readMastodonPage(list, request.query);
      setPagingLinks(request, reply, publicUrl, pageEnds(statuses, list.idOf, request.query.limit));
      return statuses;
    },
  );

  app.get(
    '/api/v1/timelines/public',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'Everyone’s newest whisps (local and federated alike, before federation)',
        querystring: publicQuery,
        response: { 200: mastodonStatusListSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (isTrue(request.query.remote)) return [];
      const { member } = request;
      const list = statusList((after, limit) =>
        feeds.public(member.id, { limit, offset: 0, after }, member.filters, { mastodon: true }),
      );
      const statuses = await readMastodonPage(list, request.query);
      setPagingLinks(request, reply, publicUrl, pageEnds(statuses, list.idOf, request.query.limit));
      return statuses;
    },
  );
};

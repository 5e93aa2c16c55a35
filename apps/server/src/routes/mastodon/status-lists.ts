import { normaliseHashtag } from '@whisp/api-client/contract';
import {
  ACCOUNT_PAGE_LIMIT,
  type MastodonPaging,
  type MastodonStatus,
  mastodonAccountParams,
  mastodonAccountSchema,
  mastodonAccountStatusesQuery,
  mastodonErrorSchema,
  mastodonHashtagParams,
  mastodonHashtagTimelineQuery,
  mastodonPagingQuery,
  mastodonStatusListSchema,
  mastodonStatusParams,
  STATUS_PAGE_LIMIT,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedResult, TimeCursor } from '../../db/repositories/feeds.js';
import type {
  ListedAccountRow,
  RelationshipPage,
} from '../../db/repositories/mastodon-relationships.js';
import { toMastodonAccount } from '../../mastodon/account.js';
import {
  type NewestFirstList,
  pageEnds,
  readMastodonPage,
  setPagingLinks,
} from '../../mastodon/paging.js';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { memberWithFollowLists } from '../../members/acting-on-members.js';
import { toPost } from '../../posts/post-shape.js';
import { findTarget, loadPosts } from '../posts/load.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Lists of statuses and accounts beyond the timelines (Mastodon client API 1.2): an account's
// statuses (Whisp's profile tabs), a hashtag's (Whisp's hashtag page), the member's bookmarks and
// favourites (their profile's bookmarks and likes), and who favourited or reblogged a status.
// Newest first with Mastodon's paging and absolute Link headers (mastodon/paging.ts): statuses by
// their own ids; favourites, bookmarks and the accounts by the hidden id of the like, bookmark or
// rewhisp behind each (docs/mastodon-clients.md, 2.3). Who and what is left out is Whisp's rule,
// read by the same repositories as its own pages.

export interface MastodonStatusListOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

const accountPage = {
  querystring: mastodonPagingQuery(ACCOUNT_PAGE_LIMIT),
  response: { 200: z.array(mastodonAccountSchema), 404: mastodonErrorSchema, ...errors },
};

/** A list whose rows carry the Mastodon id of the row behind each (`page_id`). */
type PagedById<Row extends { page_id: string }> = (
  before: string | undefined,
  limit: number,
) => Promise<RelationshipPage<Row>>;

export const mastodonStatusListRoutes: FastifyPluginAsyncZod<MastodonStatusListOptions> = async (
  app,
  { publicUrl },
) => {
  const { feeds, search, mastodon, mastodonLists, mastodonRelationships } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** A Whisp list of whisps paged by time, as a Mastodon list of statuses. */
  const statusList = (
    read: (after: TimeCursor | undefined, limit: number) => Promise<FeedResult<TimeCursor>>,
  ): NewestFirstList<MastodonStatus, TimeCursor> => ({
    page: async (after, limit) => {
      const result = await read(after, limit);
      const items = await toMastodonStatuses(
        app.repositories,
        urls,
        result.posts.map((post) => toPost(post, urls.publicUrl)),
      );
      return { items, next: result.next };
    },
    cursorOf: (id) => mastodon.postCursor(id),
    idOf: (status) => status.id,
  });

  async function answerStatuses(
    request: FastifyRequest,
    reply: FastifyReply,
    paging: MastodonPaging,
    list: NewestFirstList<MastodonStatus, TimeCursor>,
  ) {
    const statuses = await readMastodonPage(list, paging);
    setPagingLinks(request, reply, publicUrl, pageEnds(statuses, list.idOf, paging.limit));
    return statuses;
  }

  /**
   * The rows of a list paged by its rows' ids, as the request asks, its Link header set. The
   * rows' ids grow with the list's order, so an id is its own cursor: older rows are those of
   * smaller ids, whether or not the row it names is still there.
   */
  async function readById<Row extends { page_id: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    paging: MastodonPaging,
    page: PagedById<Row>,
  ) {
    const rows = await readMastodonPage(
      { page, cursorOf: async (id) => id, idOf: (row) => row.page_id },
      paging,
    );
    setPagingLinks(
      request,
      reply,
      publicUrl,
      pageEnds(rows, (row) => row.page_id, paging.limit),
    );
    return rows;
  }

  const accountsOf = (rows: ListedAccountRow[]) => rows.map((row) => toMastodonAccount(row, urls));

  app.get(
    '/api/v1/accounts/:id/statuses',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'An account’s statuses, newest first: its profile’s whisps, as filtered',
        params: mastodonAccountParams,
        querystring: mastodonAccountStatusesQuery,
        response: { 200: mastodonStatusListSchema, 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { member, query } = request;
      const memberId = await mastodonRelationships.memberIdOf(request.params.id);
      if (!memberId) throw recordNotFound();
      // A profile's tabs are read as its follow lists are (posts/profile-tabs.ts): blocked
      // either way or suspended, the member does not exist for the viewer; a private member's
      // whisps are their followers' alone, an empty list to anyone else, as Mastodon answers.
      const outcome = await memberWithFollowLists(app.repositories, member.id, memberId);
      if ('refused' in outcome) {
        if (outcome.refused === 'protected') return [];
        throw recordNotFound();
      }
      if (query.pinned) return [];
      const hashtag = query.tagged === undefined ? undefined : normaliseHashtag(query.tagged);
      if (hashtag === '') return [];
      const which = {
        replies: !query.exclude_replies,
        rewhisps: query.exclude_reblogs ? ('without' as const) : ('with' as const),
        mediaOnly: query.only_media,
        hashtag,
      };
      return answerStatuses(
        request,
        reply,
        query,
        statusList((after, limit) =>
          feeds.authored(member.id, memberId, which, { limit, after }, member.filters),
        ),
      );
    },
  );

  app.get(
    '/api/v1/timelines/tag/:tag',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'The statuses with a hashtag, newest first: Whisp’s hashtag page',
        params: mastodonHashtagParams,
        querystring: mastodonHashtagTimelineQuery,
        response: { 200: mastodonStatusListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { member, query } = request;
      const hashtag = normaliseHashtag(request.params.tag);
      // Every Whisp member is local: another server's statuses are none, before federation.
      if (hashtag === '' || query.remote === 'true' || query.remote === '1') return [];
      return answerStatuses(
        request,
        reply,
        query,
        statusList((after, limit) =>
          search.hashtagPage(
            member.id,
            hashtag,
            { limit, after, mediaOnly: query.only_media },
            member.filters,
          ),
        ),
      );
    },
  );

  for (const [path, table, scope, summary] of [
    ['/api/v1/favourites', 'likes', 'read:favourites', 'The statuses the member liked'],
    ['/api/v1/bookmarks', 'bookmarks', 'read:bookmarks', 'The statuses the member bookmarked'],
  ] as const) {
    app.get(
      path,
      {
        config: mastodonRoute(scope),
        schema: {
          summary: `${summary}, the latest first`,
          querystring: mastodonPagingQuery(STATUS_PAGE_LIMIT),
          response: { 200: mastodonStatusListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { member } = request;
        const rows = await readById(request, reply, request.query, (before, limit) =>
          mastodonLists.marked(table, member.id, before, limit, member.filters),
        );
        const posts = await loadPosts(
          app,
          member.id,
          rows.map((row) => row.post_id),
        );
        return toMastodonStatuses(app.repositories, urls, posts);
      },
    );
  }

  for (const [side, summary] of [
    ['favourited_by', 'Who liked a status, the latest first'],
    ['reblogged_by', 'Who rewhisped a status, the latest first'],
  ] as const) {
    app.get(
      `/api/v1/statuses/:id/${side}`,
      {
        config: mastodonRoute('read:statuses'),
        schema: { summary, params: mastodonStatusParams, ...accountPage },
      },
      async (request, reply) => {
        const viewerId = request.member.id;
        const id = await mastodon.postIdOf(request.params.id);
        if (!id) throw recordNotFound();
        // A rewhisp's likes and rewhisps are its original's, as Whisp acts on them.
        const whisp = await findTarget(app, id, viewerId, 'read');
        const rows = await readById(request, reply, request.query, (before, limit) =>
          side === 'favourited_by'
            ? mastodonLists.favouritedBy(viewerId, whisp.id, before, limit)
            : mastodonLists.rebloggedBy(viewerId, whisp.id, before, limit),
        );
        return accountsOf(rows);
      },
    );
  }
};

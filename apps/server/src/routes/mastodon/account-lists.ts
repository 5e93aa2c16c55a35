import {
  ACCOUNT_PAGE_LIMIT,
  type MastodonPaging,
  mastodonAccountParams,
  mastodonAccountSchema,
  mastodonErrorSchema,
  mastodonPagingQuery,
  mastodonRelationshipSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {
  ListedAccountRow,
  RelationshipPage,
} from '../../db/repositories/mastodon-relationships.js';
import { toMastodonAccount } from '../../mastodon/account.js';
import { pageEnds, readMastodonPage, setPagingLinks } from '../../mastodon/paging.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { memberWithFollowLists } from '../../members/acting-on-members.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';
import { relationshipWith } from './relationship-entity.js';

// Lists of accounts (Mastodon client API 1.2): a member's followers and following, the member's
// blocks, mutes and follow requests, and answering a request. Newest first, paged by the id of
// the follow, block, mute or request behind each account (docs/mastodon-clients.md, 2.3), with
// absolute Link headers (mastodon/paging.ts). Who is left out is Whisp's rule, as in its own
// lists of the same rows.

export interface MastodonAccountListOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

const accountPage = {
  querystring: mastodonPagingQuery(ACCOUNT_PAGE_LIMIT),
  response: { 200: z.array(mastodonAccountSchema), ...errors },
};

type ReadPage = (
  before: string | undefined,
  limit: number,
) => Promise<RelationshipPage<ListedAccountRow>>;

export const mastodonAccountListRoutes: FastifyPluginAsyncZod<MastodonAccountListOptions> = async (
  app,
  { publicUrl },
) => {
  const { follows, mastodonRelationships } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** The page the request asks for, its Link header set, as accounts. */
  async function answerPage(
    request: FastifyRequest,
    reply: FastifyReply,
    paging: MastodonPaging,
    page: ReadPage,
  ) {
    const items = await readMastodonPage(
      {
        page,
        // The rows' ids grow with the list's order, so an id is its own cursor: older rows are
        // those of smaller ids, whether or not the row it names is still there.
        cursorOf: async (id) => id,
        idOf: (item) => item.page_id,
      },
      paging,
    );
    setPagingLinks(
      request,
      reply,
      publicUrl,
      pageEnds(items, (item) => item.page_id, paging.limit),
    );
    return items.map((row) => toMastodonAccount(row, urls));
  }

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/api/v1/accounts/:id/${side}`,
      {
        config: mastodonRoute('read:accounts'),
        schema: {
          summary:
            side === 'followers'
              ? 'Who follows an account, the latest follow first'
              : 'Whom an account follows, the latest follow first',
          params: mastodonAccountParams,
          ...accountPage,
          response: { ...accountPage.response, 404: mastodonErrorSchema },
        },
      },
      async (request, reply) => {
        const viewerId = request.member.id;
        const memberId = await mastodonRelationships.memberIdOf(request.params.id);
        if (!memberId) throw recordNotFound();
        const outcome = await memberWithFollowLists(app.repositories, viewerId, memberId);
        if ('refused' in outcome) {
          // A private member's lists are hidden from others as Mastodon hides collections: an
          // empty list, which apps show as one.
          if (outcome.refused === 'protected') return [];
          throw recordNotFound();
        }
        return answerPage(request, reply, request.query, (before, limit) =>
          mastodonRelationships.follows(side, viewerId, memberId, before, limit),
        );
      },
    );
  }

  app.get(
    '/api/v1/blocks',
    {
      config: mastodonRoute('read:blocks'),
      schema: { summary: 'The accounts the member blocks, the latest first', ...accountPage },
    },
    async (request, reply) =>
      answerPage(request, reply, request.query, (before, limit) =>
        mastodonRelationships.blocks(request.member.id, before, limit),
      ),
  );

  app.get(
    '/api/v1/mutes',
    {
      config: mastodonRoute('read:mutes'),
      schema: { summary: 'The accounts the member mutes, the latest first', ...accountPage },
    },
    async (request, reply) =>
      answerPage(request, reply, request.query, (before, limit) =>
        mastodonRelationships.mutes(request.member.id, before, limit),
      ),
  );

  app.get(
    '/api/v1/follow_requests',
    {
      config: mastodonRoute('read:follows'),
      schema: { summary: 'Who asked to follow the member, the latest first', ...accountPage },
    },
    async (request, reply) =>
      answerPage(request, reply, request.query, (before, limit) =>
        mastodonRelationships.requests(request.member.id, before, limit),
      ),
  );

  for (const decision of ['authorize', 'reject'] as const) {
    app.post(
      `/api/v1/follow_requests/:id/${decision}`,
      {
        config: mastodonRoute('write:follows'),
        schema: {
          summary:
            decision === 'authorize'
              ? 'Accept a follow request: the account now follows the member'
              : 'Decline a follow request',
          params: mastodonAccountParams,
          response: { 200: mastodonRelationshipSchema, 404: mastodonErrorSchema, ...errors },
        },
      },
      async (request) => {
        const viewerId = request.member.id;
        const memberId = await mastodonRelationships.memberIdOf(request.params.id);
        if (!memberId) throw recordNotFound();
        const answered =
          decision === 'authorize'
            ? await follows.requests.accept(viewerId, memberId)
            : await follows.requests.reject(viewerId, memberId);
        if (answered === undefined) throw recordNotFound();
        return relationshipWith(mastodonRelationships, viewerId, memberId);
      },
    );
  }
};

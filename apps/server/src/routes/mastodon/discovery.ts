import {
  mastodonAccountParams,
  mastodonAccountSchema,
  mastodonErrorSchema,
  mastodonSuggestionSchema,
  mastodonSuggestionsQuery,
  mastodonTrendLinksSchema,
  mastodonTrendStatusesSchema,
  mastodonTrendsQuery,
  mastodonTrendTagsSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toMastodonAccount } from '../../mastodon/account.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { mastodonRoute } from './access.js';

// Suggestions and trends (Mastodon client API 1.2, methods/suggestions.md, methods/trends.md):
// Whisp's own "who to follow" (users.suggestions) and trending hashtags (search.trends), read
// as its own app reads them, with the same members left out. Whisp ranks no whisps or links as
// trending, so those lists are empty rather than missing (apps ask for them on their explore
// tab). Mastodon serves trends without a token; Whisp shows nothing to someone not signed in,
// so here they take a member's token like the rest of the layer (./access.ts).

export interface MastodonDiscoveryOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

export const mastodonDiscoveryRoutes: FastifyPluginAsyncZod<MastodonDiscoveryOptions> = async (
  app,
  { publicUrl },
) => {
  const { users, search, mastodon } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** Whisp's suggestions for the member, best first, with why each is suggested. */
  async function suggestionsFor(memberId: string, limit: number) {
    const rows = await users.suggestions(memberId, limit);
    const accounts = await mastodon.accounts(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const account = accounts.get(row.id);
      if (!account) return [];
      // Whisp ranks first those followed by people the member follows, then the most followed.
      const friends = Number(row.mutual_count) > 0;
      return [{ account: toMastodonAccount(account, urls), friends }];
    });
  }

  app.get(
    '/api/v2/suggestions',
    {
      config: mastodonRoute('read'),
      schema: {
        summary: 'Accounts to follow: Whisp’s own suggestions, with their reason',
        querystring: mastodonSuggestionsQuery,
        response: { 200: z.array(mastodonSuggestionSchema), ...errors },
      },
    },
    async (request) =>
      (await suggestionsFor(request.member.id, request.query.limit)).map(
        ({ account, friends }) => ({
          source: friends ? ('past_interactions' as const) : ('global' as const),
          sources: [friends ? ('friends_of_friends' as const) : ('most_followed' as const)],
          account,
        }),
      ),
  );

  app.get(
    '/api/v1/suggestions',
    {
      config: mastodonRoute('read'),
      schema: {
        summary: 'Accounts to follow (v1: the accounts alone)',
        querystring: mastodonSuggestionsQuery,
        response: { 200: z.array(mastodonAccountSchema), ...errors },
      },
    },
    async (request) =>
      (await suggestionsFor(request.member.id, request.query.limit)).map(({ account }) => account),
  );

  // Whisp keeps no dismissed suggestions: its own app has no way to dismiss one either. The
  // request is answered as done so apps go on, and the account may be suggested again.
  app.delete(
    '/api/v1/suggestions/:id',
    {
      config: mastodonRoute('read'),
      schema: {
        summary: 'Dismiss a suggestion: Whisp keeps none, so this changes nothing',
        params: mastodonAccountParams,
        response: { 200: z.object({}), ...errors },
      },
    },
    async () => ({}),
  );

  app.get(
    '/api/v1/trends/tags',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'Trending hashtags: Whisp’s trends, the most used in the newest whisps',
        querystring: mastodonTrendsQuery,
        response: { 200: mastodonTrendTagsSchema, ...errors },
      },
    },
    async (request) => {
      const { member, query } = request;
      const trends = await search.trends(query.offset + query.limit, member.id, member.filters);
      // Whisp counts uses among the newest whisps, not per day: no history to show.
      return trends
        .slice(query.offset)
        .map(({ hashtag }) => ({ name: hashtag, url: urls.hashtag(hashtag), history: [] }));
    },
  );

  for (const [path, summary] of [
    ['/api/v1/trends/statuses', 'Trending statuses: Whisp ranks none, so none'],
    ['/api/v1/trends/links', 'Trending links: Whisp ranks none, so none'],
  ] as const) {
    app.get(
      path,
      {
        config: mastodonRoute('read:statuses'),
        schema: {
          summary,
          querystring: mastodonTrendsQuery,
          response: {
            200: path.endsWith('statuses') ? mastodonTrendStatusesSchema : mastodonTrendLinksSchema,
            ...errors,
          },
        },
      },
      async () => [],
    );
  }
};

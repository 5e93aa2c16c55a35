import { normaliseHashtag, validateEmail } from '@whisp/api-client/contract';
import {
  mastodonErrorSchema,
  mastodonSearchQuery,
  mastodonSearchSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_RANK_WINDOW } from '../../db/repositories/search.js';
import { toMastodonAccount } from '../../mastodon/account.js';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { toPost } from '../../posts/post-shape.js';
import { mastodonRoute } from './access.js';

// Search v2 (Mastodon client API 1.2, methods/search.md): accounts, statuses and hashtags from
// Whisp's own search (search.ts), as its search page finds them: members by username or name
// (an email address only its discoverable owner), whisps by their words, ranked, and a `#tag`
// by the whisps carrying it. Paged by offset, as Mastodon's is; nothing is looked up on other
// servers (`resolve`), before federation.

export interface MastodonSearchOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

/** `@user@host` or `user@host`, as apps send an account's address. */
const ACCOUNT_ADDRESS = /^@?([A-Za-z0-9_]+)@([^@\s]+)$/;

export const mastodonSearchRoutes: FastifyPluginAsyncZod<MastodonSearchOptions> = async (
  app,
  { publicUrl },
) => {
  const { search, users, mastodon, mastodonRelationships } = app.repositories;
  const urls = mastodonUrls(publicUrl);
  const domain = new URL(publicUrl).host.toLowerCase();

  /** Members the text finds, best known first, as Whisp's search finds them. */
  async function findMembers(viewerId: string, text: string, count: number) {
    const address = ACCOUNT_ADDRESS.exec(text);
    if (address?.[1] && address[2]?.toLowerCase() === domain) {
      return search.users(viewerId, address[1], count);
    }
    // An address finds only the member who has it and chose to be found by it; it is never read
    // as the start of a username or a name, so search tells nothing about other emails.
    if (validateEmail(text) === undefined) return users.findDiscoverableByEmail(viewerId, text);
    return search.users(viewerId, text, count);
  }

  app.get(
    '/api/v2/search',
    {
      config: mastodonRoute('read:search'),
      schema: {
        summary: 'Accounts, statuses and hashtags matching the text (a #tag: its statuses)',
        querystring: mastodonSearchQuery,
        response: { 200: mastodonSearchSchema, ...errors },
      },
    },
    async (request) => {
      const { member, query } = request;
      const { limit, offset } = query;
      const text = query.q.trim();
      const wants = (kind: 'accounts' | 'statuses' | 'hashtags') =>
        text !== '' && (query.type === undefined || query.type === kind);
      const tag = text.startsWith('#') ? normaliseHashtag(text) : undefined;
      // Whisp ranks the newest SEARCH_RANK_WINDOW matches: an offset pages within them.
      const count = Math.min(offset + limit, SEARCH_RANK_WINDOW);
      const authorId =
        query.account_id === undefined
          ? undefined
          : ((await mastodonRelationships.memberIdOf(query.account_id)) ?? null);

      const [memberRows, posts, hashtags] = await Promise.all([
        // A #tag names no member.
        wants('accounts') && tag === undefined
          ? findMembers(member.id, text, count)
          : Promise.resolve([]),
        !wants('statuses') || authorId === null || tag === ''
          ? Promise.resolve([])
          : tag === undefined
            ? search.posts(member.id, text, count, member.filters)
            : search
                .hashtag(member.id, tag, count, 0, member.filters)
                .then((tagged) => tagged.posts),
        wants('hashtags') ? search.hashtags(text, limit, offset) : Promise.resolve([]),
      ]);

      const found = memberRows
        .filter((row) => !query.following || row.is_following)
        .slice(offset, offset + limit);
      const accounts = await mastodon.accounts(found.map((row) => row.id));
      const shown = posts
        .filter((post) => authorId === undefined || post.row.author_id === authorId)
        .slice(offset, offset + limit);
      return {
        accounts: found.flatMap((row) => {
          const account = accounts.get(row.id);
          return account ? [toMastodonAccount(account, urls)] : [];
        }),
        statuses: await toMastodonStatuses(
          app.repositories,
          urls,
          shown.map((post) => toPost(post, publicUrl)),
        ),
        hashtags: hashtags.map((name) => ({ name, url: urls.hashtag(name), history: [] })),
      };
    },
  );
};

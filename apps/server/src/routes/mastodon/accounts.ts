import { parseAcct } from '@whisp/api-client/contract';
import {
  mastodonAccountParams,
  mastodonAccountSchema,
  mastodonCredentialAccountSchema,
  mastodonErrorSchema,
  mastodonLookupQuery,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toMastodonAccount } from '../../mastodon/account.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Accounts (Mastodon client API 1.2, methods/accounts.md): the member's own, and others' as the
// member sees them. Blocks either way and suspension hide an account as in Whisp's own API
// (users.ts, findProfile): it is not found.

export interface MastodonAccountOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

export const mastodonAccountRoutes: FastifyPluginAsyncZod<MastodonAccountOptions> = async (
  app,
  { publicUrl },
) => {
  const { users, follows } = app.repositories;
  const urls = mastodonUrls(publicUrl);
  const domain = new URL(publicUrl).host;

  app.get(
    '/api/v1/accounts/verify_credentials',
    {
      config: mastodonRoute('profile'),
      schema: {
        summary: 'The signed-in member’s own account, with its source',
        response: { 200: mastodonCredentialAccountSchema, ...errors },
      },
    },
    async (request) => {
      const { member } = request;
      const [row, requests] = await Promise.all([
        users.findProfile(member.id, { id: member.id }),
        follows.requests.list(member.id),
      ]);
      if (!row) throw recordNotFound();
      const account = toMastodonAccount(row, urls);
      return {
        ...account,
        source: {
          privacy: row.is_private ? ('private' as const) : ('public' as const),
          sensitive: false,
          language: null,
          note: row.bio ?? '',
          fields: [],
          follow_requests_count: requests.length,
          hide_collections: row.is_private,
          discoverable: true,
          indexable: false,
        },
        role: null,
      };
    },
  );

  app.get(
    '/api/v1/accounts/lookup',
    {
      config: mastodonRoute('read:accounts'),
      schema: {
        summary: 'An account by its username (or username@this-server)',
        querystring: mastodonLookupQuery,
        response: { 200: mastodonAccountSchema, 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request) => {
      const acct = parseAcct(request.query.acct);
      if (!acct) throw recordNotFound();
      // `alice@this-server` is the local alice; another server's member is found once known here.
      const host = acct.host === domain.toLowerCase() ? null : acct.host;
      const row = await users.findProfile(request.member.id, { username: acct.username, host });
      if (!row) throw recordNotFound();
      return toMastodonAccount(row, urls);
    },
  );

  app.get(
    '/api/v1/accounts/:id',
    {
      config: mastodonRoute('read:accounts'),
      schema: {
        summary: 'An account',
        params: mastodonAccountParams,
        response: { 200: mastodonAccountSchema, 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request) => {
      const row = await users.findProfile(request.member.id, { mastodonId: request.params.id });
      if (!row) throw recordNotFound();
      return toMastodonAccount(row, urls);
    },
  );
};

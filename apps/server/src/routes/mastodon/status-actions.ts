import { rewhispRefusal } from '@whisp/api-client/contract';
import {
  mastodonErrorSchema,
  mastodonStatusParams,
  mastodonStatusSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.js';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { findTarget, loadPost } from '../posts/load.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Favourite, reblog and bookmark, and their undoing (Mastodon client API 1.2,
// methods/statuses.md): Whisp's like, rewhisp and bookmark, through the same checks
// (posts/load.ts's findTarget: a blocked or hidden whisp cannot be acted on) and repositories.
// Each is idempotent and answers the status as it now is.

export interface MastodonStatusActionOptions {
  publicUrl: string;
}

const errors = {
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  422: mastodonErrorSchema,
};

export const mastodonStatusActionRoutes: FastifyPluginAsyncZod<
  MastodonStatusActionOptions
> = async (app, { publicUrl }) => {
  const { interactions, mastodon } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** The whisp a Mastodon id names, as one may act on it (a rewhisp acts on its original). */
  const target = async (mastodonId: string, memberId: string) => {
    const id = await mastodon.postIdOf(mastodonId);
    if (!id) throw recordNotFound();
    return findTarget(app, id, memberId, 'act');
  };

  const statusOf = async (memberId: string, id: string) => {
    const [status] = await toMastodonStatuses(app.repositories, urls, [
      await loadPost(app, memberId, id),
    ]);
    if (!status) throw recordNotFound();
    return status;
  };

  const action = (
    path: string,
    scope: string,
    summary: string,
    act: (memberId: string, whisp: Awaited<ReturnType<typeof target>>) => Promise<string>,
  ) =>
    app.post(
      `/api/v1/statuses/:id/${path}`,
      {
        config: mastodonRoute(scope),
        schema: {
          summary,
          params: mastodonStatusParams,
          response: { 200: mastodonStatusSchema, ...errors },
        },
      },
      async (request) => {
        const memberId = request.member.id;
        const whisp = await target(request.params.id, memberId);
        return statusOf(memberId, await act(memberId, whisp));
      },
    );

  action('favourite', 'write:favourites', 'Like a status', async (memberId, whisp) => {
    await interactions.like(memberId, whisp.id);
    return whisp.id;
  });
  action('unfavourite', 'write:favourites', 'Take back a like', async (memberId, whisp) => {
    await interactions.unlike(memberId, whisp.id);
    return whisp.id;
  });
  action(
    'reblog',
    'write:statuses',
    'Rewhisp a status: answers the reblog',
    async (memberId, whisp) => {
      const refusal = rewhispRefusal(whisp, memberId);
      if (refusal) throw ApiError.from(refusal);
      await interactions.rewhisp(memberId, whisp.id, '', []);
      return (await mastodon.rewhispOf(memberId, whisp.id)) ?? whisp.id;
    },
  );
  action(
    'unreblog',
    'write:statuses',
    'Take back a rewhisp: answers the original',
    async (memberId, whisp) => {
      await interactions.unrewhisp(memberId, whisp.id);
      return whisp.id;
    },
  );
  action('bookmark', 'write:bookmarks', 'Bookmark a status', async (memberId, whisp) => {
    await interactions.bookmark(memberId, whisp.id);
    return whisp.id;
  });
  action('unbookmark', 'write:bookmarks', 'Remove a bookmark', async (memberId, whisp) => {
    await interactions.unbookmark(memberId, whisp.id);
    return whisp.id;
  });
};

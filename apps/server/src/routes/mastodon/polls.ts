import {
  mastodonErrorSchema,
  mastodonPollSchema,
  mastodonStatusParams,
  mastodonVoteBody,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { castVote } from '../polls/index.js';
import { loadPost } from '../posts/load.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Polls (Mastodon client API 1.2, methods/polls.md). A poll's Mastodon id is its whisp's (a whisp
// holds one poll at most); votes go through Whisp's own rules (routes/polls: castVote).

export interface MastodonPollOptions {
  publicUrl: string;
}

const errors = {
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  409: mastodonErrorSchema,
  422: mastodonErrorSchema,
};

export const mastodonPollRoutes: FastifyPluginAsyncZod<MastodonPollOptions> = async (
  app,
  { publicUrl },
) => {
  const { mastodon } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** The poll of the whisp a Mastodon id names, as the member sees it. */
  const pollOf = async (memberId: string, postId: string) => {
    const [status] = await toMastodonStatuses(app.repositories, urls, [
      await loadPost(app, memberId, postId),
    ]);
    if (!status?.poll) throw recordNotFound();
    return status.poll;
  };

  const whispOf = async (mastodonId: string) => {
    const postId = await mastodon.postIdOf(mastodonId);
    if (!postId) throw recordNotFound();
    return postId;
  };

  app.get(
    '/api/v1/polls/:id',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'A poll',
        params: mastodonStatusParams,
        response: { 200: mastodonPollSchema, ...errors },
      },
    },
    async (request) => pollOf(request.member.id, await whispOf(request.params.id)),
  );

  app.post(
    '/api/v1/polls/:id/votes',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary: 'Vote in a poll',
        params: mastodonStatusParams,
        body: mastodonVoteBody,
        response: { 200: mastodonPollSchema, ...errors },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const postId = await whispOf(request.params.id);
      const post = await loadPost(app, memberId, postId);
      if (!post.poll) throw recordNotFound();
      await castVote(app, memberId, post.poll.id, request.body.choices);
      return pollOf(memberId, postId);
    },
  );
};

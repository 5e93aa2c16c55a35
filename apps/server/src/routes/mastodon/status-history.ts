import { parseMentionCandidates } from '@whisp/api-client/contract';
import {
  mastodonErrorSchema,
  mastodonStatusHistorySchema,
  mastodonStatusParams,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toMastodonHtml } from '../../mastodon/html.js';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import type { PostShape } from '../../posts/post-shape.js';
import { loadPost } from '../posts/load.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// A status's edit history (Mastodon client API 1.2, methods/statuses.md#history): Whisp's own
// (GET /api/posts/{id}/history, posts.history), each version a StatusEdit, oldest first and the
// current one last. Whoever may read the status may read its history, by the same check
// (../posts/load.ts loadPost). A whisp's edit changes its text and warning only, so each version
// shows the media and poll the whisp has now.

export interface MastodonStatusHistoryOptions {
  publicUrl: string;
}

const errors = {
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
};

export const mastodonStatusHistoryRoutes: FastifyPluginAsyncZod<
  MastodonStatusHistoryOptions
> = async (app, { publicUrl }) => {
  const { mastodon, posts } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  app.get(
    '/api/v1/statuses/:id/history',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'Every version of a status, oldest first, the current one last',
        params: mastodonStatusParams,
        response: { 200: mastodonStatusHistorySchema, ...errors },
      },
    },
    async (request) => {
      const viewerId = request.member.id;
      const id = await mastodon.postIdOf(request.params.id);
      if (!id) throw recordNotFound();
      const post = await loadPost(app, viewerId, id);
      // A reblog's history is its original's: what the status shows.
      const shown = (post.rewhisp_of as PostShape | null) ?? post;
      const [[status], versions] = await Promise.all([
        toMastodonStatuses(app.repositories, urls, [shown]),
        posts.history(shown.id),
      ]);
      // Deleted since it was read.
      if (!status || !versions || versions.length === 0) throw recordNotFound();
      // An earlier version may mention someone the current one does not: linked as members.
      const mentioned = await mastodon.mentioned(
        versions.flatMap((version) => parseMentionCandidates(version.content)),
      );
      const links = {
        profileUrl: urls.profile,
        hashtagUrl: urls.hashtag,
        members: new Set(mentioned.keys()),
      };
      const poll = status.poll
        ? { options: status.poll.options.map(({ title }) => ({ title })) }
        : null;
      return versions.map((version) => ({
        content: toMastodonHtml(version.content, links),
        spoiler_text: version.content_warning ?? '',
        sensitive: version.content_warning !== null,
        created_at: version.created_at,
        account: status.account,
        poll,
        media_attachments: status.media_attachments,
        emojis: [],
      }));
    },
  );
};

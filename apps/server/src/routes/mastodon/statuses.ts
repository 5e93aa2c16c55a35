import { describeError, parseHashtags, parseMentionCandidates } from '@whisp/api-client/contract';
import {
  mastodonContextSchema,
  mastodonErrorSchema,
  mastodonPostedStatusSchema,
  mastodonStatusBody,
  mastodonStatusEditWithMediaBody,
  mastodonStatusParams,
  mastodonStatusSchema,
  mastodonStatusSourceSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, fieldError } from '../../http/api-error.js';
import { mediaUrl } from '../../http/user-shapes.js';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import type { PostShape } from '../../posts/post-shape.js';
import { checkContent, checkedContentWarning, composeWhisp } from '../posts/compose.js';
import { findTarget, loadPost, loadPosts, replyTarget } from '../posts/load.js';
import { mastodonRoute } from './access.js';
import { postDirectStatus, readDirectStatus } from './direct.js';
import { checkMediaUnchanged } from './edit-media.js';
import { recordNotFound } from './plumbing.js';
import { scheduleStatus } from './scheduled-statuses.js';

// Statuses (Mastodon client API 1.2, methods/statuses.md): a whisp read, its thread, posting,
// editing and deleting, through Whisp's own checks (posts/compose.ts for what a whisp may say,
// posts/load.ts for who may read, reply to or act on one) and repositories.

export interface MastodonStatusOptions {
  publicUrl: string;
}

const errors = {
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  422: mastodonErrorSchema,
};
const unprocessable = (message: string) => new ApiError(422, 'UNPROCESSABLE_ENTITY', message);

/** The Idempotency-Key header (Mastodon keeps one an hour; Whisp as its own API does). */
function idempotencyKey(request: FastifyRequest) {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') return undefined;
  if (key.length > 255) throw unprocessable('The Idempotency-Key is too long (at most 255).');
  return key;
}

export const mastodonStatusRoutes: FastifyPluginAsyncZod<MastodonStatusOptions> = async (
  app,
  { publicUrl },
) => {
  const { posts, mastodon, mastodonMedia } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** Whisp's id of the whisp a Mastodon id names, or 404. */
  const whispId = async (mastodonId: string) => {
    const id = await mastodon.postIdOf(mastodonId);
    if (!id) throw recordNotFound();
    return id;
  };

  const asStatus = async (post: PostShape) => {
    const [status] = await toMastodonStatuses(app.repositories, urls, [post]);
    if (!status) throw recordNotFound();
    return status;
  };

  const statusOf = async (viewerId: string, id: string) =>
    asStatus(await loadPost(app, viewerId, id));

  /**
   * The uploads `media_ids` names, in order, as a whisp's media[] with the descriptions given
   * to them (./media.ts): composeWhisp then checks them as it checks any whisp's. An id that
   * names no upload of the member's is refused as Whisp refuses a file they did not upload.
   */
  const namedMedia = async (memberId: string, ids: string[]) => {
    if (ids.length === 0) return undefined;
    const uploads = await mastodonMedia.named(memberId, ids);
    return ids.map((id) => {
      const upload = uploads.get(id);
      if (!upload) throw fieldError(describeError('mediaNotUploaded'), 'media_ids');
      return { url: mediaUrl(upload.key) as string, alt: upload.description };
    });
  };

  app.get(
    '/api/v1/statuses/:id',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'A status',
        params: mastodonStatusParams,
        response: { 200: mastodonStatusSchema, ...errors },
      },
    },
    async (request) => {
      const id = await mastodon.postIdOf(request.params.id);
      // No whisp has this id: it may be a direct message of the member's (./direct.ts), read
      // only on a miss, so a whisp's read costs no more.
      if (!id) return readDirectStatus(app, urls, request.member.id, request.params.id);
      return statusOf(request.member.id, id);
    },
  );

  app.get(
    '/api/v1/statuses/:id/context',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'The thread around a status: its ancestors and its replies',
        params: mastodonStatusParams,
        response: { 200: mastodonContextSchema, ...errors },
      },
    },
    async (request) => {
      const viewerId = request.member.id;
      const focused = await findTarget(app, await whispId(request.params.id), viewerId, 'read');
      const { ancestorIds, descendantIds } = await app.repositories.threads.context(
        viewerId,
        focused.id,
      );
      const loaded = await loadPosts(app, viewerId, [...ancestorIds, ...descendantIds]);
      const statuses = await toMastodonStatuses(app.repositories, urls, loaded);
      const ancestorCount = loaded.filter((post) => ancestorIds.includes(post.id)).length;
      return {
        ancestors: statuses.slice(0, ancestorCount),
        descendants: statuses.slice(ancestorCount),
      };
    },
  );

  app.post(
    '/api/v1/statuses',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary:
          'Post a status (send an Idempotency-Key header to retry safely), or schedule it with scheduled_at',
        body: mastodonStatusBody,
        response: { 200: mastodonPostedStatusSchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const body = request.body;
      // A Whisp direct message (./direct.ts), or 422: first, so that a direct status is never
      // scheduled as a whisp everyone could read.
      if (body.visibility === 'direct') {
        return postDirectStatus(app, urls, new URL(publicUrl).host, member.id, body);
      }
      // A time ahead: a scheduled whisp (./scheduled-statuses.ts), answered as a ScheduledStatus.
      if (body.scheduled_at) {
        const { scheduled_at } = body;
        return scheduleStatus(app, urls, member, { ...body, scheduled_at }, () =>
          namedMedia(member.id, body.media_ids),
        );
      }
      const parent = body.in_reply_to_id
        ? await replyTarget(app, await whispId(body.in_reply_to_id), member.id)
        : undefined;
      const whisp = await composeWhisp(app, member.id, {
        content: body.status ?? '',
        content_warning: body.spoiler_text,
        poll: body.poll
          ? {
              options: body.poll.options,
              expires_in: body.poll.expires_in,
              multiple: body.poll.multiple,
            }
          : null,
        media: await namedMedia(member.id, body.media_ids),
      });
      const { id } = await posts.create({
        authorId: member.id,
        ...whisp,
        ...(parent ? { replyToId: parent.id } : {}),
        idempotencyKey: idempotencyKey(request),
      });
      return statusOf(member.id, id);
    },
  );

  /** The member's own whisp by Mastodon id, to change it; 404 for anyone else's. */
  const ownWhisp = async (mastodonId: string, memberId: string) => {
    const access = await posts.findAccess(await whispId(mastodonId));
    if (!access || access.author_id !== memberId) throw recordNotFound();
    return access;
  };

  app.put(
    '/api/v1/statuses/:id',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary: 'Edit a status (its author only)',
        params: mastodonStatusParams,
        body: mastodonStatusEditWithMediaBody,
        response: { 200: mastodonStatusSchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const access = await ownWhisp(request.params.id, member.id);
      // Whisp's edit keeps a whisp's media as posted; apps send them back with every edit.
      await checkMediaUnchanged(app, member.id, access.id, request.body);
      const content = request.body.status ?? '';
      checkContent(content, access.rewhisp_of_id ? 1 : access.media_keys.length);
      await posts.edit(access.id, {
        content,
        contentWarning: checkedContentWarning(request.body.spoiler_text),
        hashtags: parseHashtags(content),
        mentionCandidates: parseMentionCandidates(content),
      });
      return statusOf(member.id, access.id);
    },
  );

  app.delete(
    '/api/v1/statuses/:id',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary: 'Delete a status (its author only): answers it, with its text, for a redraft',
        params: mastodonStatusParams,
        response: { 200: mastodonStatusSchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const access = await ownWhisp(request.params.id, member.id);
      const shape = await loadPost(app, member.id, access.id);
      const status = await asStatus(shape);
      await posts.delete(access.id);
      return { ...status, text: shape.content };
    },
  );

  app.get(
    '/api/v1/statuses/:id/source',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'A status’s text as written, for editing',
        params: mastodonStatusParams,
        response: { 200: mastodonStatusSourceSchema, ...errors },
      },
    },
    async (request) => {
      const post = await loadPost(app, request.member.id, await whispId(request.params.id));
      return {
        id: request.params.id,
        text: post.content,
        spoiler_text: post.content_warning ?? '',
      };
    },
  );
};

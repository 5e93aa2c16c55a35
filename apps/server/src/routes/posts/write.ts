import {
  AUTHENTICATED_ERRORS,
  confirmationResponse,
  contentErrorName,
  createdPostResponse,
  describeError,
  type ErrorName,
  editPostBodySchema,
  errorResponses,
  newPostBodySchema,
  newReplyBodySchema,
  POST_MEDIA_MAX_IMAGES,
  parseHashtags,
  parseMentionCandidates,
  postIdParams,
  postResponse,
  replyRefusal,
  requestedAttachments,
} from '@whisp/api-client/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, apiError, fieldError } from '../../http/api-error.js';
import { mediaKeyFromUrl } from '../../posts/media.js';
import { findTarget, loadPost, postNotFound } from './load.js';

const invalid = (
  name: Extract<ErrorName, 'mediaNotUploaded' | 'tooManyAttachments' | 'idempotencyKeyInvalid'>,
  field: string,
) => fieldError(describeError(name), field);

function checkContent(content: string, mediaCount: number) {
  const problem = contentErrorName(content, mediaCount);
  if (problem) throw fieldError(describeError(problem), 'content');
}

/**
 * The stored keys behind the attachments, each one uploaded by this member (400 otherwise), with
 * their descriptions: a file named twice is attached once, described as it was first.
 */
async function ownedMedia(
  app: FastifyInstance,
  memberId: string,
  attachments: { url: string; alt: string | null }[],
  field: 'media' | 'media_urls',
) {
  const altByKey = new Map<string | undefined, string | null>();
  for (const { url, alt } of attachments) {
    const key = mediaKeyFromUrl(url);
    if (!altByKey.has(key)) altByKey.set(key, alt);
  }
  const keys = [...altByKey.keys()];
  if (keys.some((key) => key === undefined)) throw invalid('mediaNotUploaded', field);
  const uploaded = await app.repositories.posts.uploadedMedia(memberId, keys as string[]);
  if (uploaded.length !== keys.length) throw invalid('mediaNotUploaded', field);
  const videos = uploaded.filter((media) => media.kind === 'video').length;
  if (keys.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && keys.length > 1)) {
    throw invalid('tooManyAttachments', field);
  }
  return { mediaKeys: keys as string[], mediaAlts: [...altByKey.values()] };
}

/** The field a problem with the attachments is reported on: the one the request used. */
const mediaField = (body: { media?: unknown }) => (body.media ? 'media' : 'media_urls');

function idempotencyKey(request: FastifyRequest) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255) throw invalid('idempotencyKeyInvalid', 'Idempotency-Key');
  return key;
}

export const writeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { posts } = app.repositories;

  app.post(
    '/',
    {
      schema: {
        summary: 'Post a whisp (send an Idempotency-Key header to retry safely)',
        body: newPostBodySchema,
        response: { 201: createdPostResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const member = request.member;
      const content = request.body.content ?? '';
      const attachments = requestedAttachments(request.body);
      checkContent(content, attachments.length);
      const key = idempotencyKey(request);
      const media = await ownedMedia(app, member.id, attachments, mediaField(request.body));
      const settings = request.body.reply_settings;
      const { id } = await posts.create({
        authorId: member.id,
        content,
        ...media,
        hashtags: parseHashtags(content),
        mentionCandidates: parseMentionCandidates(content),
        canReply: settings?.can_reply,
        canRepost: settings?.can_repost,
        idempotencyKey: key,
      });
      const data = await loadPost(app, member.id, id);
      return reply.status(201).send({ success: true as const, message: 'Whisp posted', data });
    },
  );

  app.post(
    '/:id/reply',
    {
      schema: {
        summary: 'Reply to a whisp (403 when its reply settings exclude you)',
        params: postIdParams,
        body: newReplyBodySchema,
        response: {
          201: createdPostResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const member = request.member;
      const parent = await findTarget(app, request.params.id, member.id, 'act');
      const follows =
        parent.can_reply === 'followers' && (await posts.isFollowing(member.id, parent.author_id));
      const refusal = replyRefusal(parent, member.id, follows);
      if (refusal) throw ApiError.from(refusal);

      const content = request.body.content ?? '';
      const attachments = requestedAttachments(request.body);
      checkContent(content, attachments.length);
      const key = idempotencyKey(request);
      const media = await ownedMedia(app, member.id, attachments, mediaField(request.body));
      const { id } = await posts.create({
        authorId: member.id,
        content,
        ...media,
        hashtags: parseHashtags(content),
        mentionCandidates: parseMentionCandidates(content),
        replyToId: parent.id,
        idempotencyKey: key,
      });
      const data = await loadPost(app, member.id, id);
      return reply.status(201).send({ success: true as const, message: 'Reply posted', data });
    },
  );

  app.post(
    '/:id',
    {
      schema: {
        summary: 'Edit a whisp (its author only)',
        params: postIdParams,
        body: editPostBodySchema,
        response: { 200: postResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404) },
      },
    },
    async (request) => {
      const member = request.member;
      const access = await posts.findAccess(request.params.id);
      if (!access) throw postNotFound();
      if (access.author_id !== member.id) throw apiError('notAuthor');
      const { content } = request.body;
      // A rewhisp's text is an optional comment; any other whisp needs words or media.
      if (!access.rewhisp_of_id) checkContent(content, access.media_keys.length);
      else checkContent(content, 1);
      await posts.edit(access.id, content, parseHashtags(content), parseMentionCandidates(content));
      return { success: true as const, data: await loadPost(app, member.id, access.id) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a whisp (its author only); its likes, bookmarks and rewhisps go too',
        params: postIdParams,
        response: {
          200: confirmationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
        },
      },
    },
    async (request) => {
      const access = await posts.findAccess(request.params.id);
      if (!access) throw postNotFound();
      if (access.author_id !== request.member.id) throw apiError('notAuthor');
      await posts.delete(access.id);
      return { success: true as const, message: 'Whisp deleted' };
    },
  );

  // POST /:id/report: with the member reports in ../moderation/reports.ts.
};

import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  FOLLOW_REQUEST_MESSAGES,
  followResponse,
  memberListResponse,
  memberPageQuery,
  userIdParams,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { toUserSummary } from '../../http/user-shapes.js';
import { followRequestRoutes } from './follow-requests.js';

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, follows, safety } = app.repositories;
  await app.register(followRequestRoutes);

  /** Unknown or suspended: 404; yourself: 400; a follow across a block (either way): 403. */
  async function otherMember(viewerId: string, id: string, action: 'follow' | 'unfollow') {
    const member = await users.findById(id);
    if (!member) throw apiError('userNotFound');
    if (member.id === viewerId) throw apiError('cannotFollowYourself', action);
    const standing = await safety.standing(viewerId, [member.id]);
    if (standing.suspended) throw apiError('userNotFound');
    if (standing.blocked && action === 'follow') throw apiError('blocked');
    return member;
  }

  const followSchema = (summary: string) => ({
    summary,
    params: userIdParams,
    response: { 200: followResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404) },
  });

  app.post(
    '/:id/follow',
    { schema: followSchema('Follow a member (following twice is still one follow)') },
    async (request) => {
      const member = await otherMember(request.member.id, request.params.id, 'follow');
      const data = await follows.follow(request.member.id, member.id);
      const message = data.is_requested
        ? FOLLOW_REQUEST_MESSAGES.sent
        : `You are now following @${member.username}`;
      return { success: true as const, message, data };
    },
  );

  app.post(
    '/:id/unfollow',
    { schema: followSchema('Stop following a member (fine when not following)') },
    async (request) => {
      const member = await otherMember(request.member.id, request.params.id, 'unfollow');
      const data = await follows.unfollow(request.member.id, member.id);
      return { success: true as const, message: `You unfollowed @${member.username}`, data };
    },
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/:id/${side}`,
      {
        schema: {
          summary:
            side === 'followers'
              ? 'Who follows a member, newest first'
              : 'Who a member follows, newest first',
          params: userIdParams,
          querystring: memberPageQuery,
          response: {
            200: memberListResponse,
            ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404),
          },
        },
      },
      async (request) => {
        const viewerId = request.member.id;
        const member = await users.findById(request.params.id);
        if (!member) throw apiError('userNotFound');
        const standing = await safety.standing(viewerId, [member.id]);
        if (standing.suspended || standing.blocked) throw apiError('userNotFound');
        if (standing.protected) throw apiError('privateAccount');
        const { limit, offset } = request.query;
        const rows = await follows[side](viewerId, member.id, { limit, offset });
        return {
          success: true as const,
          data: rows.slice(0, limit).map(toUserSummary),
          has_more: rows.length > limit,
        };
      },
    );
  }
};

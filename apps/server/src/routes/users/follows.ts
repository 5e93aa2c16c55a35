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
import { memberToActOn, memberWithFollowLists } from '../../members/acting-on-members.js';
import { followRequestRoutes } from './follow-requests.js';

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const { follows } = app.repositories;
  await app.register(followRequestRoutes);

  /** Unknown or suspended: 404; yourself: 400; a follow across a block (either way): 403. */
  async function otherMember(viewerId: string, id: string, action: 'follow' | 'unfollow') {
    const outcome = await memberToActOn(app.repositories, viewerId, id, action);
    if ('member' in outcome) return outcome.member;
    if (outcome.refused === 'yourself') throw apiError('cannotFollowYourself', action);
    throw apiError(outcome.refused === 'blocked' ? 'blocked' : 'userNotFound');
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
        const outcome = await memberWithFollowLists(app.repositories, viewerId, request.params.id);
        if ('refused' in outcome) {
          throw apiError(outcome.refused === 'protected' ? 'privateAccount' : 'userNotFound');
        }
        const { member } = outcome;
        const { limit, offset } = request.query;
        const rows = await follows[side](viewerId, member.id, { limit, offset });
        return {
          success: true as const,
          data: rows.slice(0, limit).map((row) => toUserSummary(row, app.publicUrl)),
          has_more: rows.length > limit,
        };
      },
    );
  }
};

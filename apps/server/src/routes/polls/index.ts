import {
  AUTHENTICATED_ERRORS,
  describeError,
  errorResponses,
  pollIdParams,
  pollResponse,
  voteBodySchema,
  voteChoicesRefusal,
} from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, fieldError } from '../../http/api-error.js';
import { toPollShape } from '../../posts/poll-shape.js';

/**
 * A member's vote in a poll, with every rule of voting (Whisp's and the Mastodon API's alike):
 * the whisp's id, or the refusal thrown.
 */
export async function castVote(
  app: FastifyInstance,
  voterId: string,
  pollId: string,
  choices: number[],
): Promise<string> {
  const { polls, safety } = app.repositories;
  const poll = await polls.findForVote(pollId);
  if (!poll) throw apiError('pollNotFound');
  // A poll whose whisp the voter may not see (its author blocked either way, or suspended)
  // does not exist for them.
  const standing = await safety.standing(voterId, [poll.author_id]);
  if (standing.suspended || standing.blocked) throw apiError('pollNotFound');
  if (poll.author_id === voterId) throw apiError('cannotVoteOwnPoll');
  const problem = voteChoicesRefusal(choices, poll.option_count, poll.multiple);
  // The only refusal of the rule; its words say how many options to choose.
  if (problem) throw fieldError(describeError('pollChoicesInvalid', poll.multiple), 'choices');
  const refusal = await polls.vote(poll.id, voterId, choices);
  if (refusal) throw apiError(refusal);
  return poll.post_id;
}

/** /api/polls: voting. A poll is read with its whisp. */
export const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { posts } = app.repositories;

  app.post(
    '/:id/votes',
    {
      schema: {
        summary: 'Vote in a poll (once; not in your own: 403; 409 when already voted or ended)',
        params: pollIdParams,
        body: voteBodySchema,
        response: {
          200: pollResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const voterId = request.member.id;
      const postId = await castVote(app, voterId, request.params.id, request.body.choices);
      const found = await posts.findOne(voterId, postId);
      const data = found ? toPollShape(found.row) : null;
      // Deleted between the vote and this read: the vote went with it.
      if (!data) throw apiError('pollNotFound');
      return { success: true as const, data };
    },
  );
};

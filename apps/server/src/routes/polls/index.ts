import {
  AUTHENTICATED_ERRORS,
  describeError,
  errorResponses,
  pollIdParams,
  pollResponse,
  voteBodySchema,
  voteChoicesRefusal,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, fieldError } from '../../http/api-error.js';
import { toPollShape } from '../../posts/poll-shape.js';

/** /api/polls: voting. A poll is read with its whisp. */
export const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { polls, posts, safety } = app.repositories;

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
      const poll = await polls.findForVote(request.params.id);
      if (!poll) throw apiError('pollNotFound');
      // A poll whose whisp the voter may not see (its author blocked either way, or suspended)
      // does not exist for them.
      const standing = await safety.standing(voterId, [poll.author_id]);
      if (standing.suspended || standing.blocked) throw apiError('pollNotFound');
      if (poll.author_id === voterId) throw apiError('cannotVoteOwnPoll');
      const { choices } = request.body;
      const problem = voteChoicesRefusal(choices, poll.option_count, poll.multiple);
      // The only refusal of the rule; its words say how many options to choose.
      if (problem) throw fieldError(describeError('pollChoicesInvalid', poll.multiple), 'choices');
      const refusal = await polls.vote(poll.id, voterId, choices);
      if (refusal) throw apiError(refusal);
      const found = await posts.findOne(voterId, poll.post_id);
      const data = found ? toPollShape(found.row) : null;
      // Deleted between the vote and this read: the vote went with it.
      if (!data) throw apiError('pollNotFound');
      return { success: true as const, data };
    },
  );
};

import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  parseAcct,
  profileResponse,
  userLookupQuery,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { toProfile } from '../../http/user-shapes.js';

/**
 * GET /api/users/lookup (api.md, "Federation (1.2)"): a member by handle or actor URL. A member
 * of another server is fetched from it the first time (federation on) and kept as a remote
 * member, whom the viewer can then follow, mention, block or report by id.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.repositories;
  const ownHost = new URL(app.publicUrl).host.toLowerCase();

  app.get(
    '/lookup',
    {
      schema: {
        summary: 'Find a member by `acct` (`username` or `username@host`) or by actor `url`',
        querystring: userLookupQuery,
        response: { 200: profileResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
      },
    },
    async (request) => {
      const viewerId = request.member.id;
      const { acct, url } = request.query;
      const parsed = acct === undefined ? undefined : parseAcct(acct);
      if (acct !== undefined && !parsed) throw apiError('userNotFound');
      if (parsed && (parsed.host === null || parsed.host === ownHost)) {
        const local = await users.findProfile(viewerId, { username: parsed.username, host: null });
        if (!local) throw apiError('userNotFound');
        return { success: true as const, data: toProfile(local, app.publicUrl) };
      }
      const federation = app.federation;
      if (!federation) throw apiError('userNotFound');
      const address = parsed ? { acct: `${parsed.username}@${parsed.host}` } : { url: url ?? '' };
      const remote = await federation.lookUp(address);
      const row = remote && (await users.findProfile(viewerId, { id: remote.id }));
      if (!row) throw apiError('userNotFound');
      return { success: true as const, data: toProfile(row, app.publicUrl) };
    },
  );
};

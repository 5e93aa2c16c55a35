import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  oauthAuthorizationQuery,
  oauthAuthorizationResponse,
  oauthDecisionBody,
  oauthDecisionResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSessionToken } from '../../auth/tokens.js';
import { checkAuthorizationRequest } from '../../oauth/authorization-request.js';

// The consent page's questions (Mastodon client API 1.2), under /api/oauth: what an app asks of
// the signed-in member, and their decision, kept behind a one-use ticket that the page then posts
// to /oauth/authorize in a real form (routes/mastodon/authorize.ts). The flow, step by step:
// packages/api-client/src/contract/endpoints/connected-apps.ts.

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauthApps, oauthGrants } = app.repositories;

  app.get(
    '/authorization',
    {
      schema: {
        summary: 'What an app asks of you, for the consent page',
        description:
          'Checks an authorize request as the app wrote it (the query of /oauth/authorize): 400 ' +
          'OAUTH_UNKNOWN_APP, OAUTH_REDIRECT_URI_MISMATCH, OAUTH_UNSUPPORTED_RESPONSE_TYPE, ' +
          'OAUTH_INVALID_SCOPE or OAUTH_INVALID_CODE_CHALLENGE when it cannot be authorized.',
        querystring: oauthAuthorizationQuery,
        response: {
          200: oauthAuthorizationResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const asked = await checkAuthorizationRequest(oauthApps, request.query);
      return {
        success: true as const,
        data: {
          app: { id: asked.app.id, name: asked.app.name, website: asked.app.website },
          scopes: asked.scopes,
          redirect_uri: asked.redirectUri,
          out_of_band: asked.outOfBand,
        },
      };
    },
  );

  app.post(
    '/authorization',
    {
      schema: {
        summary: 'Authorize an app, or deny it: a ticket to post to /oauth/authorize',
        description:
          'The request is checked again as GET /api/oauth/authorization checks it. The ticket is ' +
          'good for one use within two minutes: post it in a form (field `ticket`) to ' +
          '/oauth/authorize, which answers with a redirect to the app.',
        body: oauthDecisionBody,
        response: { 200: oauthDecisionResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { decision, ...query } = request.body;
      const asked = await checkAuthorizationRequest(oauthApps, query);
      const ticket = createSessionToken();
      await oauthGrants.createTicket(
        {
          appId: asked.app.id,
          userId: request.member.id,
          approved: decision === 'approve',
          redirectUri: asked.redirectUri,
          scopes: asked.scopes,
          state: asked.state,
          codeChallenge: asked.codeChallenge,
        },
        ticket,
      );
      return { success: true as const, data: { ticket } };
    },
  );
};

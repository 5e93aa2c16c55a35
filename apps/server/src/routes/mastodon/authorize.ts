import {
  CONNECTED_APP_MESSAGES,
  OAUTH_AUTHORIZE_PATH,
  OAUTH_NATIVE_ERRORS,
  OAUTH_NATIVE_PATH,
  OAUTH_OUT_OF_BAND,
  OAUTH_TICKET_FIELD,
  oauthAuthorizationQuery,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSessionToken } from '../../auth/tokens.js';
import { ApiError } from '../../http/api-error.js';
import { findClient } from '../../oauth/authorization-request.js';
import { formActionSource } from './redirect-uris.js';

// Mastodon's authorize address (Mastodon client API 1.2): where an app sends a member's browser,
// and where the consent page posts the decision. The page itself is the web app's; the decision
// comes from Whisp's own API (routes/oauth/consent.ts) as a one-use ticket. The whole flow:
// packages/api-client/src/contract/endpoints/connected-apps.ts.

/** Only a server started without the built web app (the API alone, in development) says it. */
const WEB_APP_NOT_BUILT =
  'The consent page is part of the web app, which this server does not serve. Build it (pnpm build) or open the page on the web app’s own server.';

const ticketForm = z.object({ [OAUTH_TICKET_FIELD]: z.string().max(200) });

/** Where the decision sends the browser: the app, with a code or a refusal, and its state. */
function appLocation(
  decision: { approved: boolean; redirect_uri: string; state: string | null },
  code: string,
) {
  if (decision.redirect_uri === OAUTH_OUT_OF_BAND) {
    const search = new URLSearchParams(
      decision.approved ? { code } : { error: OAUTH_NATIVE_ERRORS.denied },
    );
    return `${OAUTH_NATIVE_PATH}?${search}`;
  }
  // Added to the query the app registered, which it may rely on (RFC 6749 3.1.2).
  const location = new URL(decision.redirect_uri);
  if (decision.approved) location.searchParams.set('code', code);
  else {
    location.searchParams.set('error', 'access_denied');
    location.searchParams.set('error_description', CONNECTED_APP_MESSAGES.denied);
  }
  if (decision.state !== null) location.searchParams.set('state', decision.state);
  return location.href;
}

export const mastodonAuthorizeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauthApps, oauthGrants } = app.repositories;

  app.get(
    OAUTH_AUTHORIZE_PATH,
    {
      schema: {
        summary: 'The consent page (the web app), for an app asking a member to authorize it',
        description:
          'RFC 6749 4.1.1 and RFC 7636: response_type=code, client_id, redirect_uri, scope, ' +
          'state, code_challenge (S256). Answers with the web app, which asks the member and ' +
          'ends in a redirect to redirect_uri with `code` and `state`.',
        querystring: oauthAuthorizationQuery,
      },
    },
    async (request, reply) => {
      // The page posts its decision in a form answered with a redirect to the app, which a
      // browser holds to the page's form-action: the app's redirect URI joins it, once it is
      // known to be that app's.
      const client = await findClient(oauthApps, request.query);
      const source =
        client.problem === undefined ? formActionSource(client.redirectUri) : undefined;
      if (source !== undefined) {
        reply.header(
          'content-security-policy',
          app.contentSecurityPolicyAllowingFormAction(source),
        );
      }
      const page = app.sendWebApp(reply);
      if (!page) throw new ApiError(404, 'NOT_FOUND', WEB_APP_NOT_BUILT);
      return page;
    },
  );

  app.post(
    OAUTH_AUTHORIZE_PATH,
    {
      schema: {
        summary: 'The consent page’s decision: a redirect to the app',
        description:
          `A form with \`${OAUTH_TICKET_FIELD}\`, from POST /api/oauth/authorization. Answers 303 ` +
          'to the redirect URI with `code` (or error=access_denied) and `state`; to ' +
          `${OAUTH_NATIVE_PATH}?code= for an out-of-band app; to ${OAUTH_NATIVE_PATH}?error=expired ` +
          'when the ticket was used or is too old.',
        body: ticketForm,
      },
    },
    async (request, reply) => {
      const code = createSessionToken();
      const decision = await oauthGrants.redeemTicket(request.body[OAUTH_TICKET_FIELD], code);
      if (!decision) {
        const search = new URLSearchParams({ error: OAUTH_NATIVE_ERRORS.expired });
        return reply.redirect(`${OAUTH_NATIVE_PATH}?${search}`, 303);
      }
      return reply.redirect(appLocation(decision, code), 303);
    },
  );
};

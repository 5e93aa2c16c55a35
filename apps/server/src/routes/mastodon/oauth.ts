import {
  MASTODON_MESSAGES,
  oauthErrorSchema,
  oauthRevokeBody,
  oauthRevokeResponse,
  oauthTokenBody,
  oauthTokenSchema,
  parseScopes,
  scopesWithin,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSessionToken } from '../../auth/tokens.js';
import { ApiError } from '../../http/api-error.js';

// OAuth 2 as Mastodon apps use it (Mastodon client API 1.2, methods/oauth.md): the token
// endpoint and revocation. Errors are RFC 6749's `{ error, error_description }`.
//
// Granted so far: client_credentials, a token an app holds for itself (it proves the app is
// registered: GET /api/v1/apps/verify_credentials). A member's authorization (the code grant and
// the consent page) comes next; until then any other grant is `unsupported_grant_type`.

const oauthError = (status: number, code: string, message: string) =>
  new ApiError(status, code, message);

/** The client's id and secret: in the body (client_secret_post), or HTTP Basic. */
function clientCredentials(
  headers: { authorization?: string | undefined },
  body: { client_id?: string | undefined; client_secret?: string | undefined },
) {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      // RFC 6749 2.3.1: both are form-encoded before they are joined.
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
      try {
        return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
      } catch {
        return undefined;
      }
    }
  }
  if (body.client_id && body.client_secret) {
    return { id: body.client_id, secret: body.client_secret };
  }
  return undefined;
}

export const mastodonOauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const authenticateClient = async (
    headers: { authorization?: string | undefined },
    body: { client_id?: string | undefined; client_secret?: string | undefined },
  ) => {
    const credentials = clientCredentials(headers, body);
    const client = credentials
      ? await app.repositories.oauthApps.authenticate(credentials.id, credentials.secret)
      : undefined;
    if (!client) {
      throw oauthError(401, 'invalid_client', MASTODON_MESSAGES.clientAuthenticationFailed);
    }
    return client;
  };

  app.post(
    '/oauth/token',
    {
      schema: {
        body: oauthTokenBody,
        response: { 200: oauthTokenSchema, 400: oauthErrorSchema, 401: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      // A token is a credential: no cache keeps the answer (RFC 6749 5.1).
      reply.header('cache-control', 'no-store');
      const body = request.body;
      if (body.grant_type !== 'client_credentials') {
        throw oauthError(
          400,
          'unsupported_grant_type',
          MASTODON_MESSAGES.unsupportedGrantType(body.grant_type),
        );
      }
      const client = await authenticateClient(request.headers, body);
      const asked = parseScopes(body.scope);
      if ('unknown' in asked) {
        throw oauthError(400, 'invalid_scope', MASTODON_MESSAGES.unknownScope(asked.unknown));
      }
      if (!scopesWithin(asked.scopes, client.scopes)) {
        throw oauthError(400, 'invalid_scope', MASTODON_MESSAGES.scopeNotRegistered);
      }
      const token = createSessionToken();
      const createdAt = await app.repositories.oauthApps.createAppToken(
        client.id,
        token,
        asked.scopes,
      );
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        scope: asked.scopes.join(' '),
        created_at: Math.floor(createdAt.getTime() / 1000),
      };
    },
  );

  app.post(
    '/oauth/revoke',
    {
      schema: {
        body: oauthRevokeBody,
        response: {
          200: oauthRevokeResponse,
          401: oauthErrorSchema,
          403: oauthErrorSchema,
        },
      },
    },
    async (request) => {
      const client = await authenticateClient(request.headers, request.body);
      const revoked = await app.repositories.oauthApps.revokeAppToken(
        client.id,
        request.body.token,
      );
      if (!revoked) throw oauthError(403, 'unauthorized_client', MASTODON_MESSAGES.tokenNotYours);
      return {};
    },
  );
};

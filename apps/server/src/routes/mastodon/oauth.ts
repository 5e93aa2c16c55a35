import { createHash } from 'node:crypto';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSessionToken } from '../../auth/tokens.js';
import type { OauthApp } from '../../db/repositories/oauth-apps.js';
import { ApiError } from '../../http/api-error.js';

// OAuth 2 as Mastodon apps use it (Mastodon client API 1.2, methods/oauth.md): the token
// endpoint, revocation and the discovery document. Errors are RFC 6749's
// `{ error, error_description }`. The discovery document is served with the instance's.
//
// Two grants: authorization_code, a member's authorization from the consent page (./authorize.ts),
// with PKCE when the app sent a challenge; and client_credentials, a token an app holds for itself
// (it proves the app is registered: GET /api/v1/apps/verify_credentials). Any other is
// `unsupported_grant_type`: Whisp never takes a member's password from an app.
//
// Both endpoints take secrets, so wrong guesses are limited per client address as failed sign-ins
// are (countingGuesses below): 429, in the same `{ error, error_description }` shape.

const oauthError = (status: number, code: string, message: string) =>
  new ApiError(status, code, message);

const invalidGrant = (message: string) => oauthError(400, 'invalid_grant', message);

/** The refusals that mean a wrong guess: a client's secret, a code, or another app's token. */
const WRONG_GUESSES = new Set(['invalid_client', 'invalid_grant', 'unauthorized_client']);

/** RFC 7636 4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether the verifier is the one whose S256 hash the app sent with the authorize request. */
const verifierMatches = (verifier: string | undefined, challenge: string) =>
  verifier !== undefined &&
  CODE_VERIFIER.test(verifier) &&
  createHash('sha256').update(verifier).digest('base64url') === challenge;

/** A token as apps read it (entities/Token.md): `created_at` in seconds, `scope` a string. */
const tokenAnswer = (token: string, scopes: string[], createdAt: Date) => ({
  access_token: token,
  token_type: 'Bearer' as const,
  scope: scopes.join(' '),
  created_at: Math.floor(createdAt.getTime() / 1000),
});

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
  const { oauthApps, oauthGrants } = app.repositories;
  type Headers = { authorization?: string | undefined };
  type ClientFields = { client_id?: string | undefined; client_secret?: string | undefined };

  /**
   * Runs an OAuth request counted as a sign-in: each wrong guess counts against the client's
   * address (app.oauthGuessLimiter: the limit of failed sign-ins,
   * WHISP_RATE_LIMIT_FAILED_SIGN_INS, counted apart and shared across instances through Redis).
   * Beyond it every request from there is 429 until the window passes, the right secret too, so
   * that a secret or a code cannot be found by trying. A request that succeeds counts nothing:
   * an app signing members in is never held back.
   */
  const countingGuesses = async <Answer>(
    request: FastifyRequest,
    reply: FastifyReply,
    handle: () => Promise<Answer>,
  ) => {
    await app.oauthGuessLimiter.assertAllowed(request, reply);
    try {
      return await handle();
    } catch (error) {
      if (error instanceof ApiError && WRONG_GUESSES.has(error.code)) {
        await app.oauthGuessLimiter.recordFailure(request);
      }
      throw error;
    }
  };

  const authenticateClient = async (headers: Headers, body: ClientFields) => {
    const credentials = clientCredentials(headers, body);
    const client = credentials
      ? await oauthApps.authenticate(credentials.id, credentials.secret)
      : undefined;
    if (!client) {
      throw oauthError(401, 'invalid_client', MASTODON_MESSAGES.clientAuthenticationFailed);
    }
    return client;
  };

  /** authorization_code (RFC 6749 4.1.3, RFC 7636 4.5): a member's token for the app. */
  const exchangeCode = async (
    headers: Headers,
    body: ClientFields & { code?: string | undefined } & {
      redirect_uri?: string | undefined;
      code_verifier?: string | undefined;
    },
  ) => {
    if (!body.code) throw oauthError(400, 'invalid_request', MASTODON_MESSAGES.codeRequired);
    // An app proves itself by its secret; without one, only by the PKCE verifier of a code that
    // was asked for with a challenge (a public client, RFC 7636), and its id names it.
    const authenticated = clientCredentials(headers, body) !== undefined;
    const client: OauthApp | undefined = authenticated
      ? await authenticateClient(headers, body)
      : body.client_id
        ? await oauthApps.findByClientId(body.client_id)
        : undefined;
    if (!client) {
      throw oauthError(401, 'invalid_client', MASTODON_MESSAGES.clientAuthenticationFailed);
    }
    // Used up whatever comes next: a code that failed once is not tried again.
    const grant = await oauthGrants.redeemCode(body.code);
    if (!grant || grant.app_id !== client.id) throw invalidGrant(MASTODON_MESSAGES.codeInvalid);
    if (grant.code_challenge === null && !authenticated) {
      throw oauthError(401, 'invalid_client', MASTODON_MESSAGES.clientAuthenticationFailed);
    }
    if (body.redirect_uri !== undefined && body.redirect_uri !== grant.redirect_uri) {
      throw invalidGrant(MASTODON_MESSAGES.codeRedirectMismatch);
    }
    if (
      grant.code_challenge !== null &&
      !verifierMatches(body.code_verifier, grant.code_challenge)
    ) {
      throw invalidGrant(MASTODON_MESSAGES.codeVerifierMismatch);
    }
    const token = createSessionToken();
    const createdAt = await oauthGrants.createMemberToken(
      client.id,
      grant.user_id,
      grant.scopes,
      token,
    );
    return tokenAnswer(token, grant.scopes, createdAt);
  };

  /** client_credentials (RFC 6749 4.4): a token the app holds for itself. */
  const appToken = async (
    headers: Headers,
    body: ClientFields & { scope?: string | undefined },
  ) => {
    const client = await authenticateClient(headers, body);
    const asked = parseScopes(body.scope);
    if ('unknown' in asked) {
      throw oauthError(400, 'invalid_scope', MASTODON_MESSAGES.unknownScope(asked.unknown));
    }
    if (!scopesWithin(asked.scopes, client.scopes)) {
      throw oauthError(400, 'invalid_scope', MASTODON_MESSAGES.scopeNotRegistered);
    }
    const token = createSessionToken();
    const createdAt = await oauthApps.createAppToken(client.id, token, asked.scopes);
    return tokenAnswer(token, asked.scopes, createdAt);
  };

  app.post(
    '/oauth/token',
    {
      schema: {
        body: oauthTokenBody,
        response: {
          200: oauthTokenSchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          429: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A token is a credential: no cache keeps the answer (RFC 6749 5.1).
      reply.header('cache-control', 'no-store');
      const body = request.body;
      return countingGuesses(request, reply, async () => {
        if (body.grant_type === 'authorization_code') return exchangeCode(request.headers, body);
        if (body.grant_type === 'client_credentials') return appToken(request.headers, body);
        throw oauthError(
          400,
          'unsupported_grant_type',
          MASTODON_MESSAGES.unsupportedGrantType(body.grant_type),
        );
      });
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
          429: oauthErrorSchema,
        },
      },
    },
    async (request, reply) =>
      countingGuesses(request, reply, async () => {
        const client = await authenticateClient(request.headers, request.body);
        const { token } = request.body;
        // The app's own token, or one of a member's it was given; another's is refused.
        const ownToken = await oauthApps.revokeAppToken(client.id, token);
        const whose =
          ownToken === 'unknown' ? await oauthGrants.revokeMemberToken(client.id, token) : ownToken;
        if (whose === 'other') {
          throw oauthError(403, 'unauthorized_client', MASTODON_MESSAGES.tokenNotYours);
        }
        // Revoking what is already gone succeeds (RFC 7009 2.2).
        return {};
      }),
  );
};

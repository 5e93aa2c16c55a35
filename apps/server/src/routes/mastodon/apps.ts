import {
  MASTODON_APP_NAME_MAX_LENGTH,
  MASTODON_MESSAGES,
  mastodonAppBody,
  mastodonApplicationSchema,
  mastodonCredentialApplicationSchema,
  mastodonErrorSchema,
  parseScopes,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSessionToken } from '../../auth/tokens.js';
import type { OauthApp } from '../../db/repositories/oauth-apps.js';
import { ApiError } from '../../http/api-error.js';
import { bearerToken } from '../../plugins/auth.js';
import { parseRedirectUris } from './redirect-uris.js';

// App registration (Mastodon client API 1.2): POST /api/v1/apps and
// GET /api/v1/apps/verify_credentials. Apps register themselves, with no member behind them, so
// the route is open to anyone, bounded by the sign-up limit of the client's address.

const refuse = (message: string) => new ApiError(422, 'VALIDATION_ERROR', message);

/** The application as apps read it back. */
export const applicationView = (app: OauthApp) => ({
  id: app.id,
  name: app.name,
  website: app.website,
  scopes: app.scopes,
  redirect_uri: app.redirect_uris.join('\n'),
  redirect_uris: app.redirect_uris,
});

const isWebAddress = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const mastodonAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/apps',
    {
      // Anyone may register an app, as anyone may sign up: the same budget per address.
      config: { rateLimit: app.registrationRateLimit },
      schema: {
        body: mastodonAppBody,
        response: { 200: mastodonCredentialApplicationSchema, 422: mastodonErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const name = body.client_name.trim();
      if (name === '') throw refuse(MASTODON_MESSAGES.appNameRequired);
      if ([...name].length > MASTODON_APP_NAME_MAX_LENGTH) {
        throw refuse(MASTODON_MESSAGES.appNameTooLong);
      }
      const redirect = parseRedirectUris(body.redirect_uris);
      if ('none' in redirect) throw refuse(MASTODON_MESSAGES.redirectUriRequired);
      if ('tooMany' in redirect) throw refuse(MASTODON_MESSAGES.tooManyRedirectUris);
      if ('refused' in redirect)
        throw refuse(MASTODON_MESSAGES.redirectUriInvalid(redirect.refused));
      const scopes = parseScopes(body.scopes);
      if ('unknown' in scopes) throw refuse(MASTODON_MESSAGES.unknownScope(scopes.unknown));
      const website = body.website?.trim() || null;
      if (website !== null && !isWebAddress(website)) {
        throw refuse(MASTODON_MESSAGES.websiteInvalid);
      }
      const clientSecret = createSessionToken();
      const created = await app.repositories.oauthApps.create({
        clientId: createSessionToken(),
        clientSecret,
        name,
        website,
        redirectUris: redirect.uris,
        scopes: scopes.scopes,
      });
      return {
        ...applicationView(created),
        client_id: created.client_id,
        client_secret: clientSecret,
        client_secret_expires_at: 0 as const,
      };
    },
  );

  app.get(
    '/api/v1/apps/verify_credentials',
    {
      schema: {
        security: [{ bearerAuth: [] }],
        response: { 200: mastodonApplicationSchema, 401: mastodonErrorSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const held = token ? await app.repositories.oauthApps.findByAppToken(token) : undefined;
      if (!held) throw new ApiError(401, 'UNAUTHORIZED', MASTODON_MESSAGES.tokenInvalid);
      return applicationView(held);
    },
  );
};

import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  IDENTITY_MESSAGES,
  identitiesResponse,
  identityConnectParams,
  identityConnectResponse,
  identityDisconnectResponse,
  identityParams,
  OIDC_CONNECTED_PATH,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../http/api-error.js';
import { beginFlow } from '../../sign-in-providers/begin-flow.js';
import { ProviderError, type ProviderRegistry } from '../../sign-in-providers/providers.js';

interface Options {
  providers: ProviderRegistry;
  /** The app's address as members reach it (WHISP_PUBLIC_URL). */
  publicUrl: string;
}

/** The signed-in member's connected provider accounts, under /api/users/me/identities. */
export const identityRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { identities, oidcFlows } = app.repositories;
  const { providers } = options;
  const secureCookies = options.publicUrl.startsWith('https://');
  // A provider taken out of WHISP_OIDC_PROVIDERS still names its accounts by its id.
  const nameOf = (providerId: string) => providers.find(providerId)?.name ?? providerId;

  app.get(
    '/identities',
    {
      schema: {
        summary: 'Your connected accounts at sign-in providers, oldest first',
        response: { 200: identitiesResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const rows = await identities.list(request.member.id);
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          provider: row.provider,
          name: nameOf(row.provider),
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/identities/:provider',
    {
      schema: {
        summary: 'Connect an account at a provider: the URL for the browser to open',
        description:
          'Starts the same flow as a sign-in, for the signed-in member: the browser opens `url` ' +
          `and comes back to the app's ${OIDC_CONNECTED_PATH} with ?connected={provider}, or ` +
          '?error=CODE&provider={provider} (IDENTITY_TAKEN when the account is another ' +
          "member's). Sets the browser's binding cookie, so open the URL in the same browser.",
        params: identityConnectParams,
        response: {
          200: identityConnectResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404, 502),
        },
      },
    },
    async (request, reply) => {
      const provider = providers.find(request.params.provider);
      if (!provider) throw apiError('oidcProviderNotFound');
      try {
        const url = await beginFlow(request, reply, provider, request.member.id, {
          providers,
          oidcFlows,
          secureCookies,
        });
        return { success: true as const, data: { url: url.href } };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn({ provider: provider.id, reason: error.message }, 'A provider is away');
        throw apiError('oidcProviderDown', provider.name);
      }
    },
  );

  app.delete(
    '/identities/:id',
    {
      schema: {
        summary: 'Disconnect one of your accounts at a provider',
        description:
          'Refused (400 LAST_SIGN_IN_METHOD) when it is your only way to sign in: no password ' +
          'and no other account at a provider still offered.',
        params: identityParams,
        response: {
          200: identityDisconnectResponse,
          ...errorResponses(...AUTHENTICATED_ERRORS, 404),
        },
      },
    },
    async (request) => {
      const rows = await identities.list(request.member.id);
      const identity = rows.find((row) => row.id === request.params.id);
      if (!identity) throw apiError('identityNotFound');
      const outcome = await identities.unlink(
        request.member.id,
        identity.id,
        providers.list().map((provider) => provider.id),
      );
      if (outcome === 'not-found') throw apiError('identityNotFound');
      if (outcome === 'last-sign-in-method') throw apiError('lastSignInMethod');
      return {
        success: true as const,
        message: IDENTITY_MESSAGES.disconnected(nameOf(identity.provider)),
      };
    },
  );
};

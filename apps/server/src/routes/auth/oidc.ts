import {
  describeError,
  displayNameFromClaims,
  ERRORS,
  errorBodySchema,
  errorResponses,
  isReservedUsername,
  normaliseUsername,
  OIDC_COMPLETE_PATH,
  OIDC_CONNECTED_PATH,
  OIDC_TICKET_COOKIE,
  OIDC_TICKET_TTL_SECONDS,
  oidcCallbackQuery,
  oidcCompleteBody,
  oidcCompleteResponse,
  oidcConnectedLocation,
  oidcFailureLocation,
  oidcProviderParams,
  oidcProvidersResponse,
  oidcUsernameNeededSchema,
  usernameFromClaims,
  usernameSuggestions,
} from '@whisp/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_MESSAGES, startSession } from '../../auth/start-session.js';
import { createSessionToken, hashSessionToken } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { IdentityTakenError } from '../../db/repositories/identities.js';
import { UniqueFieldTakenError } from '../../db/repositories/users.js';
import type { NewMemberClaims } from '../../db/schema.js';
import { ApiError, apiError } from '../../http/api-error.js';
import { toCurrentUser } from '../../http/user-shapes.js';
import { beginFlow } from '../../sign-in-providers/begin-flow.js';
import {
  newMemberClaims,
  type ProviderClaims,
  verifiedEmail,
} from '../../sign-in-providers/claims.js';
import {
  clearCookie,
  OIDC_BROWSER_COOKIE,
  readCookie,
  setCookie,
} from '../../sign-in-providers/cookies.js';
import type { OidcProviderConfig } from '../../sign-in-providers/provider-config.js';
import {
  ProviderError,
  type ProviderFailure,
  type ProviderRegistry,
} from '../../sign-in-providers/providers.js';

type Options = Pick<Config, 'sessionLifetimeMs'> & {
  providers: ProviderRegistry;
  /** The app's address as members reach it (WHISP_PUBLIC_URL): where browsers are sent back. */
  publicUrl: string;
};

const FAILURES: Record<ProviderFailure, keyof typeof ERRORS> = {
  unavailable: 'oidcProviderDown',
  cancelled: 'oidcCancelled',
  invalid: 'oidcInvalid',
  expired: 'oidcExpired',
};

const redirectResponse = (description: string) => ({
  302: z.null().describe(description),
});

/** Thrown inside a browser route: the browser goes back to the app with this code. */
class BrowserFailure extends Error {
  constructor(
    readonly code: string,
    readonly path: string = OIDC_COMPLETE_PATH,
    /** Counted against the client address, as a failed password sign-in is. */
    readonly counts = true,
  ) {
    super(code);
  }
}

/**
 * Sign in with another account, open without a session: the providers, the start and callback a
 * browser walks through, and the app's POST that turns the callback's ticket into a session.
 */
export const providerSignInRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { users, sessions, identities, oidcFlows } = app.repositories;
  const { providers, publicUrl } = options;
  const secureCookies = publicUrl.startsWith('https://');
  const appUrl = (location: string) => `${publicUrl}${location}`;

  // Their answers set or carry one-time cookies: no cache may keep one.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** Sends the browser back to the app; a failure comes as `?error=CODE&provider=id`. */
  async function failBrowser(
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    failure: BrowserFailure,
  ) {
    if (failure.counts) await app.providerSignInLimiter.recordFailure(request);
    return reply.redirect(appUrl(oidcFailureLocation(failure.path, failure.code, providerId)), 302);
  }

  function asBrowserFailure(error: unknown, path: string): BrowserFailure {
    if (error instanceof BrowserFailure) return error;
    if (error instanceof ApiError) return new BrowserFailure(error.code, path, false);
    if (error instanceof ProviderError) {
      const { code } = ERRORS[FAILURES[error.failure]];
      // The person cancelling, or the provider being away, is nobody's attack.
      const counts = error.failure === 'invalid' || error.failure === 'expired';
      return new BrowserFailure(code, path, counts);
    }
    throw error;
  }

  function providerOr404(id: string) {
    const provider = providers.find(id);
    if (!provider) throw new BrowserFailure(ERRORS.oidcProviderNotFound.code);
    return provider;
  }

  app.get(
    '/providers',
    {
      schema: {
        summary: 'The providers members may sign in with ("Continue with …"), in their order',
        response: { 200: oidcProvidersResponse },
      },
    },
    async () => ({
      success: true as const,
      data: providers.list().map(({ id, name }) => ({ id, name })),
    }),
  );

  app.get(
    '/oidc/:id/start',
    {
      schema: {
        summary: 'Sign in (or up) with a provider: sends the browser to it',
        description:
          'Opened by the browser itself (a link, not a fetch). Answers 302 to the provider; when ' +
          `it cannot, 302 to the app's ${OIDC_COMPLETE_PATH} with \`?error=\` the code ` +
          '(OIDC_PROVIDER_NOT_FOUND, OIDC_PROVIDER_UNAVAILABLE, RATE_LIMITED) and `&provider=` the id.',
        params: oidcProviderParams,
        response: redirectResponse('To the provider, or back to the app with ?error='),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const provider = providerOr404(id);
        await app.providerSignInLimiter.assertAllowed(request, reply);
        const url = await beginFlow(request, reply, provider, null, {
          providers,
          oidcFlows,
          secureCookies,
        });
        return reply.redirect(url.href, 302);
      } catch (error) {
        const failure = asBrowserFailure(error, OIDC_COMPLETE_PATH);
        request.log.warn(
          { provider: id, reason: describe(error) },
          'A provider sign-in did not start',
        );
        return failBrowser(request, reply, id, failure);
      }
    },
  );

  /**
   * A provider account's outcome at the callback of a sign-in: the member it signs in, or a new
   * member's claims. A verified email that is already a member's creates nothing: whoever holds
   * that address at a provider must not reach the member who has it here.
   */
  async function signInOutcome(provider: OidcProviderConfig, claims: ProviderClaims) {
    const memberId = await identities.findMember(provider.id, claims.sub);
    if (memberId) {
      if (await identities.isSuspended(memberId)) {
        throw new BrowserFailure(ERRORS.accountSuspended.code, OIDC_COMPLETE_PATH, false);
      }
      return { kind: 'member' as const, userId: memberId };
    }
    const email = verifiedEmail(claims);
    if (email && (await identities.isEmailTaken(email))) {
      throw new BrowserFailure(ERRORS.oidcEmailInUse.code, OIDC_COMPLETE_PATH, false);
    }
    return { kind: 'new-member' as const, claims: newMemberClaims(claims) };
  }

  app.get(
    '/oidc/:id/callback',
    {
      schema: {
        summary: "The provider's return: checks its answer, then sends the browser to the app",
        description:
          `Register ${publicUrl}/api/auth/oidc/{id}/callback at the provider. Checks state (in ` +
          'the database, bound to the browser that started), exchanges the code with the PKCE ' +
          'verifier and validates the ID token (signature, issuer, audience, expiry, nonce). ' +
          `A sign-in ends at the app's ${OIDC_COMPLETE_PATH} with a one-time ticket in an ` +
          `HttpOnly cookie (${OIDC_TICKET_COOKIE}); a connection from Settings at ` +
          `${OIDC_CONNECTED_PATH}?connected={id}. Failures arrive as ?error=CODE&provider={id}.`,
        params: oidcProviderParams,
        querystring: oidcCallbackQuery,
        response: redirectResponse('Back to the app, with ?error= on failure'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let path = OIDC_COMPLETE_PATH;
      try {
        const provider = providerOr404(id);
        await app.providerSignInLimiter.assertAllowed(request, reply);
        const state = request.query.state;
        const browser = readCookie(request, OIDC_BROWSER_COOKIE);
        // A wrong, used or expired state, or another browser's, finds no flow: start again.
        const flow =
          state && browser
            ? await oidcFlows.take(hashSessionToken(state), hashSessionToken(browser), provider.id)
            : undefined;
        if (!flow) throw new BrowserFailure(ERRORS.oidcExpired.code);
        if (flow.user_id) path = OIDC_CONNECTED_PATH;

        // The provider's parameters exactly as they came (some add their own, as Keycloak's
        // session_state), for openid-client to check.
        const query = new URL(request.url, 'http://callback.invalid').searchParams;
        const claims = await providers.redeem(provider, query, {
          state: state as string,
          nonce: flow.nonce,
          codeVerifier: flow.code_verifier,
        });

        if (flow.user_id) {
          try {
            await identities.link(flow.user_id, provider.id, claims.sub);
          } catch (error) {
            if (!(error instanceof IdentityTakenError)) throw error;
            throw new BrowserFailure(ERRORS.identityTaken.code, path, false);
          }
          return reply.redirect(appUrl(oidcConnectedLocation(provider.id)), 302);
        }

        const outcome = await signInOutcome(provider, claims);
        const ticket = createSessionToken();
        await oidcFlows.issueTicket(
          hashSessionToken(ticket),
          provider.id,
          outcome,
          new Date(Date.now() + OIDC_TICKET_TTL_SECONDS * 1000),
        );
        setCookie(reply, OIDC_TICKET_COOKIE, ticket, {
          maxAgeSeconds: OIDC_TICKET_TTL_SECONDS,
          secure: secureCookies,
        });
        return reply.redirect(appUrl(OIDC_COMPLETE_PATH), 302);
      } catch (error) {
        const failure = asBrowserFailure(error, path);
        request.log.warn(
          { provider: id, reason: describe(error) },
          'A provider sign-in failed at its callback',
        );
        return failBrowser(request, reply, id, failure);
      }
    },
  );

  /** 409 OIDC_USERNAME_NEEDED: what the app asks a new member before creating them. */
  async function usernameNeeded(
    reply: FastifyReply,
    provider: OidcProviderConfig,
    claims: NewMemberClaims,
  ) {
    const suggestions = [...usernameSuggestions(claims.names)];
    const taken = await identities.takenUsernames(suggestions);
    const suggested = suggestions.find((candidate) => !taken.has(candidate.toLowerCase())) ?? null;
    const { code, message } = describeError('oidcUsernameNeeded');
    return reply.status(409).send({
      success: false as const,
      code: code as 'OIDC_USERNAME_NEEDED',
      message,
      data: {
        provider: { id: provider.id, name: provider.name },
        suggested_username: suggested,
        display_name: displayNameFromClaims(claims.names, suggested ?? ''),
      },
    });
  }

  app.post(
    '/oidc/complete',
    {
      schema: {
        summary: "Finish a provider sign-in with the callback's ticket (its HttpOnly cookie)",
        description:
          'A member the provider account is linked to is signed in (200, as login). A new member ' +
          'is created (201, as register) with a username from the provider, or, when it has none ' +
          'that is valid and free, 409 OIDC_USERNAME_NEEDED with a suggestion: post again with ' +
          '`username`, checked as sign-up checks it. The ticket works once, within two minutes.',
        body: oidcCompleteBody,
        response: {
          200: oidcCompleteResponse,
          201: oidcCompleteResponse,
          409: z
            .union([oidcUsernameNeededSchema, errorBodySchema])
            .describe('OIDC_USERNAME_NEEDED, USERNAME_TAKEN or OIDC_EMAIL_IN_USE'),
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await app.providerSignInLimiter.assertAllowed(request, reply);
      const ticketValue = readCookie(request, OIDC_TICKET_COOKIE);
      const ticketHash = ticketValue ? hashSessionToken(ticketValue) : undefined;
      const ticket = ticketHash ? await oidcFlows.findTicket(ticketHash) : undefined;
      const expired = async () => {
        await app.providerSignInLimiter.recordFailure(request);
        clearCookie(reply, OIDC_TICKET_COOKIE, { secure: secureCookies });
        return apiError('oidcExpired');
      };
      if (!ticket || !ticketHash) throw await expired();
      const provider = providers.find(ticket.provider);
      if (!provider) throw apiError('oidcProviderNotFound');
      const userAgent = request.headers['user-agent'];

      if (ticket.user_id) {
        const userId = await oidcFlows.redeemMemberTicket(ticketHash);
        if (!userId) throw await expired();
        clearCookie(reply, OIDC_TICKET_COOKIE, { secure: secureCookies });
        // Checked again: a suspension may have come since the callback.
        if (await identities.isSuspended(userId)) throw apiError('accountSuspended');
        const user = await users.findById(userId);
        if (!user) throw await expired();
        const token = await startSession(sessions, userId, {
          lifetimeMs: options.sessionLifetimeMs,
          userAgent,
        });
        return reply.status(200).send({
          success: true as const,
          message: SESSION_MESSAGES.signedIn,
          data: { token, user: toCurrentUser(user) },
        });
      }

      const claims = ticket.claims as NewMemberClaims;
      const chosen = request.body?.username;
      let username: string;
      if (chosen !== undefined) {
        // Checked as sign-up checks it: the body's rules, then reserved, then taken.
        username = normaliseUsername(chosen);
        if (isReservedUsername(username)) throw apiError('usernameReserved');
        const taken = await identities.takenUsernames([username]);
        if (taken.size > 0) throw apiError('usernameTaken');
      } else {
        const given = usernameFromClaims(claims.names);
        const taken = given ? await identities.takenUsernames([given]) : undefined;
        if (!given || taken?.size) return usernameNeeded(reply, provider, claims);
        username = given;
      }

      await app.countProviderRegistration(request, reply);
      let outcome: Awaited<ReturnType<typeof identities.createFromTicket>>;
      try {
        outcome = await identities.createFromTicket({
          ticketHash,
          provider: provider.id,
          username,
          displayName: displayNameFromClaims(claims.names, username),
        });
      } catch (error) {
        if (!(error instanceof UniqueFieldTakenError)) throw error;
        // Taken since it was checked: the chosen one is refused as at sign-up, the provider's
        // becomes a question.
        if (chosen !== undefined) throw apiError('usernameTaken');
        return usernameNeeded(reply, provider, claims);
      }
      if (outcome.kind === 'expired') throw await expired();
      if (outcome.kind === 'email-in-use') {
        clearCookie(reply, OIDC_TICKET_COOKIE, { secure: secureCookies });
        throw apiError('oidcEmailInUse', provider.name);
      }
      clearCookie(reply, OIDC_TICKET_COOKIE, { secure: secureCookies });
      const user = await users.findById(outcome.userId);
      if (!user) throw await expired();
      const token = await startSession(sessions, outcome.userId, {
        lifetimeMs: options.sessionLifetimeMs,
        userAgent,
      });
      return reply.status(201).send({
        success: true as const,
        message: SESSION_MESSAGES.accountCreated,
        data: { token, user: toCurrentUser(user) },
      });
    },
  );
};

/** For the log: why a flow failed, for an operator fixing a provider's configuration. */
function describe(error: unknown) {
  if (error instanceof BrowserFailure) return error.code;
  if (error instanceof Error) return error.message;
  return String(error);
}

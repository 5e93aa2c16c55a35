import { type Session, type SessionBody, sessionFrom } from '../auth/auth.api.js';
import type { OidcUsernameNeeded } from '../contract/endpoints/identities.js';
import { ERRORS } from '../contract/errors.js';
import { oidcStartPath } from '../contract/identities.js';
import { isApiError } from '../http/ApiError.js';
import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import { joinUrl } from '../http/createFetcher.js';
import type { Id, Identity, OidcProvider } from '../models.js';

/** What finishing a provider's sign-in came to. */
export type OidcCompletion =
  | { status: 'signed-in'; session: Session }
  | {
      /**
       * A new member must choose a username before the account is created (409
       * OIDC_USERNAME_NEEDED): ask, then complete again with it.
       */
      status: 'username-needed';
      message: string;
      provider: OidcProvider;
      /** Free and valid when the provider's name allowed one, else null. */
      suggestedUsername: string | null;
      displayName: string;
    };

type UsernameNeededData = OidcUsernameNeeded['data'];

function isUsernameNeeded(data: unknown): data is UsernameNeededData {
  const candidate = data as Partial<UsernameNeededData> | null | undefined;
  return typeof candidate?.provider?.id === 'string' && typeof candidate.display_name === 'string';
}

/**
 * Sign in with another account (1.2): the providers an operator configured, finishing their
 * sign-in, and the provider accounts connected to the signed-in member.
 */
export function createIdentitiesApi(context: ApiContext) {
  const { baseUrl, request } = context;

  return {
    /** GET /api/auth/providers: every configured provider (none: an empty list). No sign-in. */
    providers: async (signal?: AbortSignal) =>
      (await request<DataBody<OidcProvider[]>>('/api/auth/providers', { auth: 'none', signal }))
        .data,

    /**
     * Where a "Continue with" button leads: GET /api/auth/oidc/{id}/start, which redirects to
     * the provider, so it is opened as a page (a link), never fetched.
     */
    startUrl: (providerId: string) => joinUrl(baseUrl, oidcStartPath(providerId)),

    /**
     * POST /api/auth/oidc/complete, from the page the callback sent the browser to: the one-time
     * ticket travels in an HttpOnly cookie, so the page must be on the API's origin. Signs in (the
     * token is stored), or says that a new member must choose a username: then call again with
     * it. 400 OIDC_EXPIRED once the ticket is used or too old.
     */
    complete: async (username?: string): Promise<OidcCompletion> => {
      try {
        const body = await request<SessionBody>('/api/auth/oidc/complete', {
          method: 'POST',
          auth: 'none',
          body: username === undefined ? {} : { username },
        });
        return { status: 'signed-in', session: sessionFrom(context, body) };
      } catch (error) {
        if (
          !isApiError(error) ||
          error.code !== ERRORS.oidcUsernameNeeded.code ||
          !isUsernameNeeded(error.data)
        ) {
          throw error;
        }
        return {
          status: 'username-needed',
          message: error.message,
          provider: error.data.provider,
          suggestedUsername: error.data.suggested_username,
          displayName: error.data.display_name,
        };
      }
    },

    /** GET /api/users/me/identities: the member's connected provider accounts, oldest first. */
    list: async (signal?: AbortSignal) =>
      (await request<DataBody<Identity[]>>('/api/users/me/identities', { signal })).data,

    /**
     * POST /api/users/me/identities/{provider}: the provider's address, for the browser to open
     * (`window.location.assign(url)`); it comes back to Settings with `?connected=` or `?error=`.
     */
    connect: async (providerId: string) =>
      (
        await request<DataBody<{ url: string }>>(
          `/api/users/me/identities/${encodeURIComponent(providerId)}`,
          { method: 'POST' },
        )
      ).data,

    /**
     * DELETE /api/users/me/identities/{id}. 400 LAST_SIGN_IN_METHOD when it is the only way a
     * member without a password signs in.
     */
    disconnect: async (id: Id) => {
      const body = await request<MessageBody>(
        `/api/users/me/identities/${encodeURIComponent(id)}`,
        { method: 'DELETE' },
      );
      return { message: body.message };
    },
  };
}

export type IdentitiesApi = ReturnType<typeof createIdentitiesApi>;

import type {
  OauthAuthorizationQuery,
  OauthAuthorizationRequest,
  OauthDecision,
} from '../contract/endpoints/connected-apps.js';
import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import type { ConnectedApp, Id } from '../models.js';

/** The fields of the authorize request, in the order RFC 6749 and RFC 7636 name them. */
const AUTHORIZATION_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const satisfies readonly (keyof OauthAuthorizationQuery)[];

/**
 * The authorize request an app put in the consent page's address (`location.search`), as
 * GET /api/oauth/authorization and the decision take it: each field the contract knows, once
 * (the first, should a field be repeated), and nothing else the address carries.
 */
export function authorizationQueryFrom(search: string | URLSearchParams): OauthAuthorizationQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: OauthAuthorizationQuery = {};
  for (const field of AUTHORIZATION_FIELDS) {
    const value = params.get(field);
    if (value !== null) query[field] = value;
  }
  return query;
}

/**
 * Connected apps (Mastodon client API 1.2): what the consent page asks and answers, and the apps
 * a member authorized. How the flow runs: the contract's endpoints/connected-apps.ts.
 */
export function createConnectedAppsApi(context: ApiContext) {
  const { request } = context;

  return {
    /**
     * GET /api/oauth/authorization: the app and what it asks for, or why it cannot be
     * authorized (400 with an OAUTH_* code and the words to show on the page).
     */
    authorization: async (query: OauthAuthorizationQuery, signal?: AbortSignal) =>
      (
        await request<DataBody<OauthAuthorizationRequest>>('/api/oauth/authorization', {
          query,
          signal,
        })
      ).data,

    /**
     * POST /api/oauth/authorization: the member's decision on the same request, answered with
     * a one-use ticket, which the page posts to OAUTH_AUTHORIZE_PATH on the API's host in a real
     * form (OAUTH_TICKET_FIELD), never a fetch: the server answers with a redirect the browser
     * must follow to the app.
     */
    decide: async (decision: OauthDecision) =>
      (
        await request<DataBody<{ ticket: string }>>('/api/oauth/authorization', {
          method: 'POST',
          body: decision,
        })
      ).data,

    /** GET /api/users/me/apps: the apps holding a token of the member's, newest authorized first. */
    list: async (signal?: AbortSignal) =>
      (await request<DataBody<ConnectedApp[]>>('/api/users/me/apps', { signal })).data,

    /** DELETE /api/users/me/apps/{id}: every token of the app is revoked. 404 CONNECTED_APP_NOT_FOUND. */
    revoke: async (id: Id) => {
      const body = await request<MessageBody>(`/api/users/me/apps/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
      return { message: body.message };
    },
  };
}

export type ConnectedAppsApi = ReturnType<typeof createConnectedAppsApi>;

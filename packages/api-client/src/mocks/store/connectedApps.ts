import {
  CONNECTED_APP_MESSAGES,
  OAUTH_NATIVE_ERRORS,
  OAUTH_NATIVE_PATH,
  OAUTH_OUT_OF_BAND,
  OAUTH_TICKET_TTL_SECONDS,
} from '../../contract/connected-apps.js';
import type {
  OauthAuthorizationQuery,
  OauthAuthorizationRequest,
  OauthDecision,
} from '../../contract/endpoints/connected-apps.js';
import { parseScopes, scopesWithin } from '../../contract/mastodon/scopes.js';
import type { ConnectedApp, Id } from '../../models.js';
import { fail } from '../errors.js';
import type { MockOauthApp } from '../seed-connected-apps.js';
import { compareText, type StoreContext } from './context.js';
import type { OauthAppRecord, UserRecord } from './records.js';

/** The only PKCE method Whisp accepts (RFC 7636 4.2): `plain` would hand the verifier over. */
const PKCE_METHOD = 'S256';
/** BASE64URL(SHA-256(verifier)) is always 43 characters (RFC 7636 4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

interface CheckedRequest {
  app: OauthAppRecord;
  redirectUri: string;
  scopes: string[];
}

/**
 * Connected apps (Mastodon client API 1.2) with the server's rules, for the consent page and
 * Settings. The mocks serve Whisp's own API only: apps are registered by the store
 * (`registerOauthApp`, seeded in every data set), and no code is ever exchanged for a token.
 */
export function createConnectedAppOperations(ctx: StoreContext) {
  const nowMs = () => Date.parse(ctx.now());
  const appById = (id: Id) => ctx.data.oauthApps.find((app) => app.id === id);

  /**
   * The checks of an authorize request, each with the answer the page shows: which app, where
   * the member returns to (left out: the app's one address), the kind of grant, the scopes
   * (known, and within the app's own) and PKCE (S256 with a 43-character challenge, or none at
   * all), in the server's order (apps/server/src/oauth/authorization-request.ts).
   */
  function check(query: OauthAuthorizationQuery): CheckedRequest {
    const app = ctx.data.oauthApps.find((candidate) => candidate.client_id === query.client_id);
    if (query.client_id === undefined || !app) throw fail('oauthUnknownApp');
    const [onlyUri] = app.redirect_uris;
    const redirectUri =
      query.redirect_uri ?? (app.redirect_uris.length === 1 ? onlyUri : undefined);
    if (redirectUri === undefined || !app.redirect_uris.includes(redirectUri)) {
      throw fail('oauthRedirectMismatch');
    }
    if (query.response_type !== 'code') throw fail('oauthUnsupportedResponseType');
    const asked = parseScopes(query.scope);
    if ('unknown' in asked || !scopesWithin(asked.scopes, app.scopes)) {
      throw fail('oauthInvalidScope');
    }
    const { code_challenge: challenge, code_challenge_method: method } = query;
    // A challenge without a method is `plain` (RFC 7636 4.3), which Whisp does not accept.
    const pkceGiven = challenge !== undefined || method !== undefined;
    if (pkceGiven && (method !== PKCE_METHOD || !S256_CHALLENGE.test(challenge ?? ''))) {
      throw fail('oauthInvalidCodeChallenge');
    }
    return { app, redirectUri, scopes: asked.scopes };
  }

  /** `redirect_uri` with these parameters added to its query, however the app wrote it. */
  const returnAddress = (redirectUri: string, params: Record<string, string | null>) => {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(params)) {
      if (value !== null) url.searchParams.set(name, value);
    }
    return url.href;
  };
  const nativeAddress = (params: Record<string, string>) =>
    `${OAUTH_NATIVE_PATH}?${new URLSearchParams(params)}`;

  /**
   * The mocks' part of an approval: the app joins the member's connected apps at once, with
   * every scope it was granted so far. The server adds it only when the app exchanges its code
   * for a token (POST /oauth/token), which the mocks cannot do: Settings shows it sooner here.
   */
  function connect(userId: Id, appId: Id, scopes: readonly string[]) {
    const at = ctx.now();
    const held = ctx.data.connectedApps.find(
      (record) => record.user_id === userId && record.app_id === appId,
    );
    if (held) {
      held.scopes = [...new Set([...held.scopes, ...scopes])];
      held.authorized_at = at;
      return;
    }
    ctx.data.connectedApps.push({
      user_id: userId,
      app_id: appId,
      scopes: [...scopes],
      authorized_at: at,
      last_used_at: at,
    });
  }

  return {
    /** GET /api/oauth/authorization. */
    authorizationFor(query: OauthAuthorizationQuery): OauthAuthorizationRequest {
      const { app, redirectUri, scopes } = check(query);
      return {
        app: { id: app.id, name: app.name, website: app.website },
        scopes,
        redirect_uri: redirectUri,
        out_of_band: redirectUri === OAUTH_OUT_OF_BAND,
      };
    },

    /** POST /api/oauth/authorization: the ticket of the member's decision. */
    decideAuthorization(viewer: UserRecord, body: OauthDecision): { ticket: string } {
      const { decision, ...query } = body;
      const { app, redirectUri, scopes } = check(query);
      const ticket = ctx.newId('oauth-ticket');
      ctx.data.oauthTickets.push({
        ticket,
        user_id: viewer.id,
        app_id: app.id,
        decision,
        redirect_uri: redirectUri,
        scopes,
        state: query.state ?? null,
        expires_at: nowMs() + OAUTH_TICKET_TTL_SECONDS * 1000,
      });
      if (decision === 'approve') connect(viewer.id, app.id, scopes);
      return { ticket };
    },

    /**
     * POST /oauth/authorize, the page's form: where the 303 sends the browser. A ticket works
     * once and for OAUTH_TICKET_TTL_SECONDS; an unknown, used or old one ends on the native page.
     */
    redeemOauthTicket(ticket: string): string {
      const found = ctx.data.oauthTickets.find((candidate) => candidate.ticket === ticket);
      ctx.data.oauthTickets = ctx.data.oauthTickets.filter((candidate) => candidate !== found);
      if (!found || found.expires_at <= nowMs()) {
        return nativeAddress({ error: OAUTH_NATIVE_ERRORS.expired });
      }
      const outOfBand = found.redirect_uri === OAUTH_OUT_OF_BAND;
      if (found.decision === 'deny') {
        return outOfBand
          ? nativeAddress({ error: OAUTH_NATIVE_ERRORS.denied })
          : returnAddress(found.redirect_uri, {
              error: OAUTH_NATIVE_ERRORS.denied,
              state: found.state,
            });
      }
      const code = ctx.newId('oauth-code');
      return outOfBand
        ? nativeAddress({ code })
        : returnAddress(found.redirect_uri, { code, state: found.state });
    },

    /** GET /api/users/me/apps: most recently authorized first. */
    connectedAppsOf(userId: Id): ConnectedApp[] {
      return ctx.data.connectedApps
        .filter((record) => record.user_id === userId)
        .sort(
          (a, b) =>
            b.authorized_at.localeCompare(a.authorized_at) || compareText(a.app_id, b.app_id),
        )
        .flatMap((record) => {
          const app = appById(record.app_id);
          if (!app) return [];
          return [
            {
              id: app.id,
              name: app.name,
              website: app.website,
              scopes: record.scopes,
              authorized_at: record.authorized_at,
              last_used_at: record.last_used_at,
            },
          ];
        });
    },

    /** DELETE /api/users/me/apps/{id}: the app loses every token of the member's. */
    revokeConnectedApp(viewer: UserRecord, id: Id): string {
      const held = ctx.data.connectedApps.find(
        (record) => record.user_id === viewer.id && record.app_id === id,
      );
      const app = appById(id);
      if (!held || !app) throw fail('connectedAppNotFound');
      ctx.data.connectedApps = ctx.data.connectedApps.filter((record) => record !== held);
      return CONNECTED_APP_MESSAGES.revoked(app.name);
    },

    /** Registers an app as POST /api/v1/apps would (a story's or a test's starting point). */
    registerOauthApp(app: MockOauthApp): OauthAppRecord {
      const record = {
        ...app,
        redirect_uris: [...app.redirect_uris],
        scopes: [...app.scopes],
        created_at: ctx.now(),
      };
      ctx.data.oauthApps.push(record);
      return record;
    },

    /**
     * Makes an app one of the member's connected apps out of band, as if authorized at
     * `authorizedAt` and last used at `lastUsedAt` (stories and tests pin both).
     */
    connectOauthApp(
      userId: Id,
      appId: Id,
      options: { scopes?: readonly string[]; authorizedAt?: string; lastUsedAt?: string } = {},
    ) {
      const app = appById(appId);
      if (!app) throw new Error(`No registered app ${appId}`);
      const at = ctx.now();
      ctx.data.connectedApps = ctx.data.connectedApps.filter(
        (record) => !(record.user_id === userId && record.app_id === appId),
      );
      ctx.data.connectedApps.push({
        user_id: userId,
        app_id: appId,
        scopes: [...(options.scopes ?? app.scopes)],
        authorized_at: options.authorizedAt ?? at,
        last_used_at: options.lastUsedAt ?? options.authorizedAt ?? at,
      });
    },
  };
}

import { HttpResponse, http } from 'msw';
import { OAUTH_AUTHORIZE_PATH, OAUTH_TICKET_FIELD } from '../../contract/connected-apps.js';
import {
  connectedAppParams,
  oauthAuthorizationQuery,
  oauthDecisionBody,
} from '../../contract/endpoints/connected-apps.js';
import { createRoute, type HandlerContext, query, readJson, validate } from './shared.js';

/** Connected apps: the consent page and Settings (contract: endpoints/connected-apps.ts). */
export function connectedAppHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.get(
      `${base}/api/oauth/authorization`,
      route(({ token, url }) => {
        store.viewer(token);
        const asked = validate(oauthAuthorizationQuery, query(url), 'querystring');
        return { success: true, data: store.authorizationFor(asked) };
      }),
    ),
    http.post(
      `${base}/api/oauth/authorization`,
      route(async ({ token, request }) => {
        const viewer = store.viewer(token);
        const body = validate(oauthDecisionBody, await readJson(request), 'body');
        return { success: true, data: store.decideAuthorization(viewer, body) };
      }),
    ),
    // The page's real form: no session rides on it (a form cannot send the bearer token), the
    // ticket is the credential. A browser's service worker never sees a form's navigation, so
    // only tests in Node reach this one, with `redirect: 'manual'`.
    http.post(
      `${base}${OAUTH_AUTHORIZE_PATH}`,
      route(
        async ({ request }) => {
          const form = await request.formData();
          const ticket = form.get(OAUTH_TICKET_FIELD);
          const location = store.redeemOauthTicket(typeof ticket === 'string' ? ticket : '');
          return new HttpResponse(null, { status: 303, headers: { Location: location } });
        },
        { api: false },
      ),
    ),
    http.get(
      `${base}/api/users/me/apps`,
      route(({ token }) => ({
        success: true,
        data: store.connectedAppsOf(store.viewer(token).id),
      })),
    ),
    http.delete(
      `${base}/api/users/me/apps/:id`,
      route(({ token, params }) => {
        const viewer = store.viewer(token);
        const { id } = validate(connectedAppParams, params, 'params');
        return { success: true, message: store.revokeConnectedApp(viewer, id) };
      }),
    ),
  ];
}

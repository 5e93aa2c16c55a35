import { HttpResponse, http } from 'msw';
import {
  identityConnectParams,
  identityParams,
  oidcCompleteBody,
  oidcProviderParams,
} from '../../contract/endpoints/identities.js';
import { ERRORS } from '../../contract/errors.js';
import { createRoute, type HandlerContext, readJson, validate } from './shared.js';

/** The words of a new session, as the password sign-in and sign-up answer (handlers/users.ts). */
const SIGNED_IN = 'Signed in';
const ACCOUNT_CREATED = 'Account created';

/** Sign in with another account (contract: endpoints/identities.ts). */
export function identityHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.get(
      `${base}/api/auth/providers`,
      route(() => ({ success: true, data: store.oidcProviders() })),
    ),
    http.get(
      `${base}/api/auth/oidc/:id/start`,
      route(({ params }) => {
        const { id } = validate(oidcProviderParams, params, 'params');
        return new HttpResponse(null, {
          status: 302,
          headers: { Location: store.startOidcSignIn(id) },
        });
      }),
    ),
    http.post(
      `${base}/api/auth/oidc/complete`,
      route(async ({ request }) => {
        const body = validate(oidcCompleteBody, await readJson(request), 'body');
        const outcome = store.completeOidcSignIn(body?.username);
        if ('usernameNeeded' in outcome) {
          const { status, code, message } = ERRORS.oidcUsernameNeeded;
          return {
            status,
            body: { success: false, code, message, data: outcome.usernameNeeded },
          };
        }
        store.describeSession(outcome.session.token, request.headers.get('user-agent'));
        const message = outcome.created ? ACCOUNT_CREATED : SIGNED_IN;
        return {
          status: outcome.created ? 201 : 200,
          body: { success: true, message, data: outcome.session },
        };
      }),
    ),
    http.get(
      `${base}/api/users/me/identities`,
      route(({ token }) => ({ success: true, data: store.identitiesOf(store.viewer(token).id) })),
    ),
    http.post(
      `${base}/api/users/me/identities/:provider`,
      route(({ token, params }) => {
        const viewer = store.viewer(token);
        const { provider } = validate(identityConnectParams, params, 'params');
        return { success: true, data: store.connectOidcAccount(viewer, provider) };
      }),
    ),
    http.delete(
      `${base}/api/users/me/identities/:id`,
      route(({ token, params }) => {
        const viewer = store.viewer(token);
        const { id } = validate(identityParams, params, 'params');
        return { success: true, message: store.disconnectIdentity(viewer, id) };
      }),
    ),
  ];
}

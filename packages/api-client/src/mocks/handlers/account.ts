import { http } from 'msw';
import {
  ACCOUNT_MESSAGES,
  changePasswordBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
} from '../../contract/endpoints/account.js';
import { describeError } from '../../contract/errors.js';
import {
  createRoute,
  errorResponse,
  type HandlerContext,
  param,
  readJson,
  validate,
} from './shared.js';

/** Password reset, password change and sessions (contract: endpoints/account.ts). */
export function accountHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.post(
      `${base}/api/auth/password-reset/request`,
      route(async ({ request }) => {
        const body = validate(passwordResetRequestBodySchema, await readJson(request), 'body');
        const limited = store.requestPasswordReset(body.email ?? '');
        if (limited) {
          const { status, code, message } = describeError('tooManyPasswordResets');
          const answer = errorResponse(status, code, message);
          answer.headers.set('Retry-After', String(limited.retryAfterSeconds));
          return answer;
        }
        return { success: true, message: ACCOUNT_MESSAGES.passwordResetRequested };
      }),
    ),
    http.post(
      `${base}/api/auth/password-reset/confirm`,
      route(async ({ request }) => {
        const body = validate(passwordResetConfirmBodySchema, await readJson(request), 'body');
        const message = store.confirmPasswordReset(body.token, body.password ?? '');
        return { success: true, message };
      }),
    ),
    http.post(
      `${base}/api/users/me/password`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = validate(changePasswordBodySchema, await readJson(request), 'body');
        return { success: true, message: store.changePassword(viewer, token ?? '', body) };
      }),
    ),
    http.get(
      `${base}/api/users/me/sessions`,
      route(({ token }) => {
        const viewer = store.viewer(token);
        return { success: true, data: store.sessionsOf(viewer, token ?? '') };
      }),
    ),
    http.delete(
      `${base}/api/users/me/sessions/:id`,
      route(({ token, params }) => {
        const viewer = store.viewer(token);
        return { success: true, message: store.endSession(viewer, param(params, 'id')) };
      }),
    ),
  ];
}

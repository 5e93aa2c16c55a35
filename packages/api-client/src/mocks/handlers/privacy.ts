import { http } from 'msw';
import { FOLLOW_REQUEST_MESSAGES } from '../../contract/endpoints/privacy.js';
import { createRoute, type HandlerContext, param } from './shared.js';

/** Follow requests of private accounts (Privacy and preferences 1.2), with the server's rules. */
export function privacyHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  return [
    http.get(
      `${base}/api/users/me/follow-requests`,
      route(({ token }) => ({ success: true, data: store.followRequests(store.viewer(token)) })),
    ),
    http.post(
      `${base}/api/users/me/follow-requests/:userId/accept`,
      route(({ token, params }) => ({
        success: true,
        message: FOLLOW_REQUEST_MESSAGES.accepted,
        data: store.acceptFollowRequest(store.viewer(token), param(params, 'userId')),
      })),
    ),
    http.post(
      `${base}/api/users/me/follow-requests/:userId/reject`,
      route(({ token, params }) => ({
        success: true,
        message: FOLLOW_REQUEST_MESSAGES.rejected,
        data: store.rejectFollowRequest(store.viewer(token), param(params, 'userId')),
      })),
    ),
  ];
}

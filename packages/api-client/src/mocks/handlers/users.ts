import { http } from 'msw';
import {
  loginBodySchema,
  logoutBodySchema,
  registerBodySchema,
} from '../../contract/endpoints/auth.js';
import { FOLLOW_REQUEST_MESSAGES } from '../../contract/endpoints/privacy.js';
import {
  bannerPositionBodySchema,
  memberPageQuery,
  profileChangesBodySchema,
  profilePostsQuery,
  suggestedUsersQuery,
} from '../../contract/endpoints/users.js';
import { AVATAR_MAX_BYTES, BANNER_MAX_BYTES } from '../../contract/limits.js';
import { memberLookupHandlers } from './lookup.js';
import { createRoute, type HandlerContext, param, query, readJson, validate } from './shared.js';
import { readImage } from './uploads.js';

export function healthAndUserHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  const followReply = (
    action: 'follow' | 'unfollow',
    result: {
      user: { username: string };
      is_following: boolean;
      is_requested: boolean;
      followers_count: number;
    },
  ) => ({
    success: true,
    message: result.is_requested
      ? FOLLOW_REQUEST_MESSAGES.sent
      : action === 'follow'
        ? `You are now following @${result.user.username}`
        : `You unfollowed @${result.user.username}`,
    data: {
      is_following: result.is_following,
      is_requested: result.is_requested,
      followers_count: result.followers_count,
    },
  });

  return [
    http.get(
      `${base}/health`,
      route(() => ({ success: true, status: 'ok', version: '0.0.0-mock' }), { api: false }),
    ),

    http.post(
      `${base}/api/auth/register`,
      route(async ({ request }) => {
        const body = validate(registerBodySchema, await readJson(request), 'body');
        const session = store.register(body);
        store.describeSession(session.token, request.headers.get('user-agent'));
        return { status: 201, body: { success: true, message: 'Account created', data: session } };
      }),
    ),
    http.post(
      `${base}/api/auth/login`,
      route(async ({ request }) => {
        const body = validate(loginBodySchema, await readJson(request), 'body');
        const session = store.login(body);
        store.describeSession(session.token, request.headers.get('user-agent'));
        return { success: true, message: 'Signed in', data: session };
      }),
    ),
    http.post(
      `${base}/api/auth/logout`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = validate(logoutBodySchema, await readJson(request), 'body');
        store.logout(viewer, [token ?? '', body?.token ?? ''].filter(Boolean));
        return { success: true, message: 'Signed out' };
      }),
    ),

    http.get(
      `${base}/api/users/me`,
      route(({ token }) => ({
        success: true,
        data: store.shapes().currentUser(store.viewer(token)),
      })),
    ),
    http.post(
      `${base}/api/users/me`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = validate(profileChangesBodySchema, await readJson(request), 'body');
        return { success: true, user: store.updateMe(viewer, body), message: 'Profile updated' };
      }),
    ),
    ...(
      [
        ['avatar', AVATAR_MAX_BYTES, 'Avatar updated'],
        ['banner', BANNER_MAX_BYTES, 'Banner updated'],
      ] as const
    ).map(([field, maxBytes, updated]) =>
      http.post(
        `${base}/api/users/${field}`,
        route(async ({ request, token }) => {
          const viewer = store.viewer(token);
          const url = store.storeFile(await readImage(request, field, maxBytes));
          return { success: true, user: store.setImage(viewer, field, url), message: updated };
        }),
      ),
    ),
    http.put(
      `${base}/api/users/banner/position`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = validate(bannerPositionBodySchema, await readJson(request), 'body');
        return {
          success: true,
          user: store.setBannerPosition(viewer, body.position_x, body.position_y),
        };
      }),
    ),
    http.get(
      `${base}/api/users/suggested`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const { limit } = validate(suggestedUsersQuery, query(url), 'querystring');
        return { success: true, data: store.suggested(viewer, limit) };
      }),
    ),
    // Before `/api/users/:id`, which would take `lookup` for an id.
    ...memberLookupHandlers(context),
    http.get(
      `${base}/api/users/profile/:username`,
      route(({ token, params }) => ({
        success: true,
        data: store.profileByUsername(store.viewer(token), param(params, 'username')),
      })),
    ),
    http.get(
      `${base}/api/users/:id/posts`,
      route(({ token, params, url }) => {
        const viewer = store.viewer(token);
        const { tab, limit, offset } = validate(profilePostsQuery, query(url), 'querystring');
        return {
          success: true,
          ...store.profilePosts(viewer, param(params, 'id'), tab, limit, offset),
        };
      }),
    ),
    http.post(
      `${base}/api/users/:id/follow`,
      route(({ token, params }) =>
        followReply('follow', store.follow(store.viewer(token), param(params, 'id'))),
      ),
    ),
    http.post(
      `${base}/api/users/:id/unfollow`,
      route(({ token, params }) =>
        followReply('unfollow', store.unfollow(store.viewer(token), param(params, 'id'))),
      ),
    ),
    ...(['followers', 'following'] as const).map((which) =>
      http.get(
        `${base}/api/users/:id/${which}`,
        route(({ token, params, url }) => {
          const viewer = store.viewer(token);
          const { limit, offset } = validate(memberPageQuery, query(url), 'querystring');
          const { users, has_more } = store.followList(
            viewer,
            param(params, 'id'),
            which,
            limit,
            offset,
          );
          return { success: true, data: users, has_more };
        }),
      ),
    ),
    http.get(
      `${base}/api/users/:id`,
      route(({ token, params }) => ({
        success: true,
        data: store.profileById(store.viewer(token), param(params, 'id')),
      })),
    ),
  ];
}

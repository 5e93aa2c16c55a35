import { http } from 'msw';
import {
  AVATAR_MAX_BYTES,
  BANNER_MAX_BYTES,
  LIST_LIMIT_MAX,
  PAGE_SIZE,
  SUGGESTED_USERS_DEFAULT,
} from '../../contract/limits.js';
import { PROFILE_TABS, type Profile, type ProfileTab } from '../../models.js';
import { MOCK_MESSAGES, MockError } from '../errors.js';
import type { MockRegistration } from '../store/people.js';
import { createRoute, type HandlerContext, intParam, param, readJson, text } from './shared.js';

/** Recognises an image from its first bytes, as the server does (the declared type can lie). */
export function sniffImage(bytes: Uint8Array): { type: string; extension: string } | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', extension: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47)) return { type: 'image/png', extension: 'png' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { type: 'image/gif', extension: 'gif' };
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { type: 'image/webp', extension: 'webp' };
  return null;
}

/** Checks an uploaded image as the server does (size, then bytes), then hands it to the store. */
export async function readImage(request: Request, field: string, maxBytes: number) {
  const form = await request.formData().catch(() => null);
  const file = form?.get(field);
  if (!(file instanceof Blob)) throw new MockError(400, 'NO_FILE', MOCK_MESSAGES.notAnImage);
  if (file.size > maxBytes) {
    throw new MockError(
      413,
      'PAYLOAD_TOO_LARGE',
      `Image size must be less than ${maxBytes / 1024 / 1024}MB`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) {
    const start = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
    const svg = start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'));
    // SVG is refused: it can carry script.
    throw new MockError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      svg ? MOCK_MESSAGES.svgRefused : MOCK_MESSAGES.notAnImage,
    );
  }
  return { ...image, body: file };
}

export function healthAndUserHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  const page = (url: URL) => ({
    limit: intParam(url, 'limit', PAGE_SIZE, 1, LIST_LIMIT_MAX),
    offset: intParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  });
  const followReply = (action: 'follow' | 'unfollow', profile: Profile) => ({
    message:
      action === 'follow'
        ? `You are now following @${profile.username}`
        : `You unfollowed @${profile.username}`,
    data: { is_following: profile.is_following, followers_count: profile.followers_count },
  });

  return [
    http.get(
      `${base}/health`,
      route(() => ({ success: true, status: 'ok', version: '0.0.0-mock' }), { api: false }),
    ),

    http.post(
      `${base}/api/auth/register`,
      route(async ({ request }) => {
        const session = store.register((await readJson(request)) as MockRegistration);
        return { status: 201, body: { success: true, message: 'Account created', data: session } };
      }),
    ),
    http.post(
      `${base}/api/auth/login`,
      route(async ({ request }) => {
        const body = await readJson(request);
        const session = store.login({ email: text(body.email), password: text(body.password) });
        return { success: true, message: 'Signed in', data: session };
      }),
    ),
    http.post(
      `${base}/api/auth/logout`,
      route(({ token }) => {
        store.viewer(token);
        if (token) store.logout(token);
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
        const body = await readJson(request);
        const user = store.updateMe(viewer, {
          bio: body.bio === null ? null : text(body.bio),
          display_name: text(body.display_name) ?? text(body.displayName),
        });
        return { success: true, user, message: 'Profile updated' };
      }),
    ),
    http.post(
      `${base}/api/users/avatar`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const url = store.storeFile(await readImage(request, 'avatar', AVATAR_MAX_BYTES));
        return {
          success: true,
          user: store.setImage(viewer, 'avatar', url),
          message: 'Avatar updated',
        };
      }),
    ),
    http.post(
      `${base}/api/users/banner`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const url = store.storeFile(await readImage(request, 'banner', BANNER_MAX_BYTES));
        return {
          success: true,
          user: store.setImage(viewer, 'banner', url),
          message: 'Banner updated',
        };
      }),
    ),
    http.put(
      `${base}/api/users/banner/position`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = await readJson(request);
        const user = store.setBannerPosition(
          viewer,
          Number(body.position_x),
          Number(body.position_y),
        );
        return { success: true, user };
      }),
    ),
    http.get(
      `${base}/api/users/suggested`,
      route(({ token, url }) => ({
        success: true,
        data: store.suggested(
          store.viewer(token),
          intParam(url, 'limit', SUGGESTED_USERS_DEFAULT, 1, LIST_LIMIT_MAX),
        ),
      })),
    ),
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
        const requested = url.searchParams.get('tab') ?? 'posts';
        const tab = (PROFILE_TABS as readonly string[]).includes(requested)
          ? (requested as ProfileTab)
          : 'posts';
        const { limit, offset } = page(url);
        return {
          success: true,
          ...store.profilePosts(viewer, param(params, 'id'), tab, limit, offset),
        };
      }),
    ),
    http.post(
      `${base}/api/users/:id/follow`,
      route(({ token, params }) => ({
        success: true,
        ...followReply('follow', store.follow(store.viewer(token), param(params, 'id'))),
      })),
    ),
    http.post(
      `${base}/api/users/:id/unfollow`,
      route(({ token, params }) => ({
        success: true,
        ...followReply('unfollow', store.unfollow(store.viewer(token), param(params, 'id'))),
      })),
    ),
    ...(['followers', 'following'] as const).map((which) =>
      http.get(
        `${base}/api/users/:id/${which}`,
        route(({ token, params, url }) => {
          store.viewer(token);
          const { limit, offset } = page(url);
          const { users, has_more } = store.followList(param(params, 'id'), which, limit, offset);
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

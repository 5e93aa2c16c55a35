import { z } from 'zod';
import { PROFILE_TABS } from '../choices.js';
import {
  BANNER_POSITION_DEFAULT,
  BANNER_POSITION_MAX,
  BANNER_POSITION_MIN,
  PAGE_SIZE,
  SUGGESTED_USERS_DEFAULT,
} from '../limits.js';
import {
  currentUserSchema,
  profileSchema,
  suggestedUserSchema,
  userSummarySchema,
} from '../shapes/users.js';
import { validateBio, validateDisplayName } from '../validation.js';
import { limitParameter, offsetParameter, successTrue } from './common.js';

// /api/users: the signed-in member, profiles, follows and a profile's tabs.

export const userIdParams = z.object({ id: z.string().describe('A member id') });
export const usernameParams = z.object({ username: z.string() });

/** GET /api/users/me. */
export const currentUserResponse = z.object({ success: successTrue, data: currentUserSchema });

/** POST /api/users/me, /avatar and /banner. */
export const updatedUserResponse = z.object({
  success: successTrue,
  user: currentUserSchema,
  message: z.string(),
});

/**
 * GET /api/users/lookup (Federation 1.2): one of `acct` (`username`, `username@host`) or `url` (a
 * remote actor's address); a remote member new to this server is fetched from theirs.
 */
export const userLookupQuery = z
  .object({
    acct: z.string().min(1).max(320).optional().describe('`username` or `username@host`'),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .describe('A remote actor’s URL'),
  })
  .refine((query) => (query.acct === undefined) !== (query.url === undefined), {
    message: 'Give either acct or url',
  });

/** GET /api/users/{id}, /api/users/profile/{username} and /api/users/lookup. */
export const profileResponse = z.object({ success: successTrue, data: profileSchema });

/** POST /api/users/me: change your bio, display name or whether your account is private. */
export const profileChangesBodySchema = z
  .object({
    bio: z.string().nullable().optional(),
    is_private: z
      .boolean()
      .optional()
      .describe('Only accepted followers read your whisps; turning it off accepts every request'),
    display_name: z.string().optional(),
    displayName: z.string().optional().describe('Accepted in place of display_name'),
  })
  .transform(({ displayName, ...fields }) => ({
    ...fields,
    display_name: fields.display_name ?? displayName,
  }))
  .superRefine((body, context) => {
    const bio = validateBio(body.bio);
    if (bio) context.addIssue({ code: 'custom', path: ['bio'], message: bio });
    if (body.display_name !== undefined) {
      const displayName = validateDisplayName(body.display_name);
      if (displayName) {
        context.addIssue({ code: 'custom', path: ['display_name'], message: displayName });
      }
    }
  });

const bannerPosition = z.coerce
  .number()
  .refine(Number.isFinite)
  .optional()
  // Out-of-range values are clamped rather than refused: a drag past the edge means "the edge".
  .transform((value) =>
    value === undefined
      ? undefined
      : Math.min(BANNER_POSITION_MAX, Math.max(BANNER_POSITION_MIN, value)),
  );

/** PUT /api/users/banner/position. */
export const bannerPositionBodySchema = z.object({
  position_x: bannerPosition.describe(
    `Percent, ${BANNER_POSITION_MIN}–${BANNER_POSITION_MAX}; default ${BANNER_POSITION_DEFAULT}`,
  ),
  position_y: bannerPosition,
});
export const bannerPositionResponse = z.object({ success: successTrue, user: currentUserSchema });

/** GET /api/users/suggested. */
export const suggestedUsersQuery = z.object({ limit: limitParameter(SUGGESTED_USERS_DEFAULT) });
export const suggestedUsersResponse = z.object({
  success: successTrue,
  data: z.array(suggestedUserSchema),
});

/** POST /api/users/{id}/follow and /unfollow. */
export const followResponse = z.object({
  success: successTrue,
  message: z.string(),
  data: z.object({
    is_following: z.boolean(),
    /** A follow of a private member waits for their answer (Privacy and preferences 1.2). */
    is_requested: z.boolean(),
    followers_count: z.number().int(),
  }),
});

/** GET /api/users/{id}/followers and /following. */
export const memberPageQuery = z.object({
  limit: limitParameter(PAGE_SIZE),
  offset: offsetParameter,
});
export const memberListResponse = z.object({
  success: successTrue,
  data: z.array(userSummarySchema),
  has_more: z.boolean(),
});

/** GET /api/users/{id}/posts: a profile's tabs (the answer is a `postListResponse`). */
export const profilePostsQuery = z.object({
  tab: z.enum(PROFILE_TABS).default('posts'),
  limit: limitParameter(PAGE_SIZE),
  offset: offsetParameter,
});

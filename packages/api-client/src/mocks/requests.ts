import { z } from 'zod';
import { REPLY_AUDIENCES, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../contract/choices.js';
import { describeError } from '../contract/errors.js';
import {
  BANNER_POSITION_MAX,
  BANNER_POSITION_MIN,
  CONVERSATIONS_PAGE_LIMIT,
  LIST_LIMIT_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_LIMIT,
  PAGE_SIZE,
  PUBLIC_POSTS_LIMIT_MAX,
  SUGGESTED_USERS_DEFAULT,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  TRENDS_SHOWN,
} from '../contract/limits.js';
import {
  type RegistrationField,
  VALIDATION_MESSAGES,
  validateBio,
  validateDisplayName,
  validateLoginPassword,
  validateRegistration,
} from '../contract/validation.js';

// The request schemas of the server's routes, as the mocks read requests: the same bounds, so the
// same answers. (Until the contract's endpoint schemas exist, these mirror apps/server's routes.)

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const limit = (defaultValue: number, max = LIST_LIMIT_MAX) =>
  z.coerce
    .number()
    .int()
    .optional()
    .transform((value) => (value === undefined ? defaultValue : clamp(value, 1, max)));
const offset = z.coerce
  .number()
  .int()
  .optional()
  .transform((value) => Math.max(0, value ?? 0));
const pageNumber = z.coerce
  .number()
  .int()
  .optional()
  .transform((value) => Math.max(1, value ?? 1));

export const pageQuery = z.object({ limit: limit(PAGE_SIZE), offset });
export const suggestedQuery = z.object({ limit: limit(SUGGESTED_USERS_DEFAULT) });
export const trendsQuery = z.object({ limit: limit(TRENDS_SHOWN) });
export const feedQuery = (maxLimit = LIST_LIMIT_MAX) =>
  z.object({
    page: pageNumber,
    limit: limit(PAGE_SIZE, maxLimit),
    cursor: z.string().max(512).optional(),
  });
export const publicFeedQuery = feedQuery(PUBLIC_POSTS_LIMIT_MAX);
export const profileTabQuery = z.object({
  tab: z.enum(['posts', 'media', 'likes', 'rewhisps', 'bookmarks']).default('posts'),
  limit: limit(PAGE_SIZE),
  offset,
});
export const searchQuery = z.object({
  q: z.string().max(200).default(''),
  limit: limit(PAGE_SIZE),
});
export const notificationsQuery = z.object({
  limit: limit(PAGE_SIZE),
  before: z.string().max(100).optional(),
});
export const conversationsQuery = z.object({
  page: pageNumber,
  limit: limit(CONVERSATIONS_PAGE_LIMIT),
});
export const messagesQuery = z.object({ page: pageNumber, limit: limit(MESSAGES_PAGE_LIMIT) });

export const registerBody = z
  .object({
    email: z.string().optional(),
    password: z.string().optional(),
    username: z.string().optional(),
    display_name: z.string().optional(),
    displayName: z.string().optional(),
    bio: z.string().nullable().optional(),
  })
  .transform(({ displayName, ...fields }) => ({
    ...fields,
    display_name: fields.display_name ?? displayName,
  }))
  .superRefine((body, context) => {
    for (const [field, message] of Object.entries(validateRegistration(body))) {
      context.addIssue({ code: 'custom', path: [field as RegistrationField], message });
    }
  });

export const loginBody = z
  .object({ email: z.string().optional(), password: z.string().optional() })
  .superRefine((body, context) => {
    if (!body.email?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: VALIDATION_MESSAGES.emailRequired,
      });
    }
    const password = validateLoginPassword(body.password);
    if (password) context.addIssue({ code: 'custom', path: ['password'], message: password });
  });

export const logoutBody = z.object({ token: z.string().optional() }).nullish();

export const profileChangesBody = z
  .object({
    bio: z.string().nullable().optional(),
    display_name: z.string().optional(),
    displayName: z.string().optional(),
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

const position = z.coerce
  .number()
  .refine(Number.isFinite)
  .optional()
  .transform((value) =>
    value === undefined ? undefined : clamp(value, BANNER_POSITION_MIN, BANNER_POSITION_MAX),
  );
export const bannerPositionBody = z.object({ position_x: position, position_y: position });

const contentField = z.string().max(20_000).nullish();
const mediaField = z.array(z.string().max(2_000)).max(20).optional();
const replySettings = z.object({ can_reply: z.enum(REPLY_AUDIENCES), can_repost: z.boolean() });

export const newPostBody = z.object({
  content: contentField,
  media_urls: mediaField,
  reply_settings: replySettings.partial().optional(),
});
export const newReplyBody = z.object({ content: contentField, media_urls: mediaField });
export const editBody = z.object({ content: z.string().max(20_000) });
export const rewhispBody = z.object({ comment: z.string().max(20_000).nullish() }).nullish();
export const reportBody = z.object({
  reason: z.string().trim().min(1, describeError('reportReasonRequired').message).max(100),
  details: z.string().max(1_000).nullish(),
});

export const sendMessageBody = z.object({
  recipient_id: z.string().max(100),
  content: z.string().max(MESSAGE_MAX_LENGTH * 20),
});
export const markReadBody = z.object({ message_ids: z.array(z.string().max(100)).max(1_000) });

const SYSTEM_INFO_MAX_BYTES = 4_000;
export const supportBody = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: describeError('categoryRequired').message }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: describeError('priorityRequired').message }),
  subject: z
    .string()
    .max(SUPPORT_SUBJECT_MAX_LENGTH * 10)
    .nullish(),
  description: z
    .string()
    .max(SUPPORT_DESCRIPTION_MAX_LENGTH * 10)
    .nullish(),
  include_system_info: z.boolean().default(false),
  system_info: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .optional()
    .refine(
      (value) => value === undefined || JSON.stringify(value).length <= SYSTEM_INFO_MAX_BYTES,
      describeError('systemInfoTooLarge', SYSTEM_INFO_MAX_BYTES).message,
    ),
});

import { z } from 'zod';
import { MEDIA_KINDS, REPLY_AUDIENCES } from '../choices.js';
import { userSummarySchema } from './users.js';

export const replySettingsSchema = z.object({
  can_reply: z.enum(REPLY_AUDIENCES),
  can_repost: z.boolean(),
});

/** One attachment of a whisp, as `media` lists them (in the order of `media_urls`). */
export const postMediaSchema = z.object({
  url: z.string(),
  /** What the image shows, for people who cannot see it; null when the author gave none. */
  alt: z.string().nullable(),
  kind: z.enum(MEDIA_KINDS),
});

const postFields = {
  id: z.string(),
  author: userSummarySchema,
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  media_urls: z.array(z.string()),
  /** The same attachments as `media_urls`, in the same order, with their descriptions. */
  media: z.array(postMediaSchema),
  /** Lower-case, without `#`. */
  hashtags: z.array(z.string()),
  /** Usernames, without `@`. */
  mentions: z.array(z.string()),
  reply_count: z.number().int(),
  rewhisp_count: z.number().int(),
  like_count: z.number().int(),
  is_liked: z.boolean(),
  is_rewhisped: z.boolean(),
  is_bookmarked: z.boolean(),
  is_reply: z.boolean(),
  reply_to_id: z.string().nullable(),
  reply_settings: replySettingsSchema,
};

// A rewhisp nests its original one level deep: originals are never rewhisps themselves
// (rewhisping a rewhisp rewhisps its original).
const originalPostSchema = z.object({ ...postFields, rewhisp_of: z.null() });

/**
 * A whisp. A rewhisp is a Post of its own: `author` rewhisped, `content` is the comment or empty,
 * `rewhisp_of` is the original with its own counts and the viewer's flags.
 */
export const postSchema = z.object({ ...postFields, rewhisp_of: originalPostSchema.nullable() });

export const bookmarkSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  post: postSchema,
});

export const hashtagCountSchema = z.object({ hashtag: z.string(), post_count: z.number().int() });

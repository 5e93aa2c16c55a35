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
  /** Pixels; null for a video whose size is unknown. Apps reserve the space before it arrives. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A smaller WebP (at most MEDIA_PREVIEW_MAX_SIDE on the long side); a video's still or null. */
  preview_url: z.string().nullable(),
  /** A blurred stand-in to paint while the picture loads (https://blurha.sh), or null. */
  blurhash: z.string().nullable(),
});

/** One option of a poll; `votes_count` is null until the viewer may see the counts. */
export const pollOptionSchema = z.object({
  title: z.string(),
  votes_count: z.number().int().nullable(),
});

/**
 * A whisp's poll. The per-option counts are null for a viewer who has neither voted nor written
 * the poll, until it expires; `votes_count` counts choices, `voters_count` people.
 */
export const pollSchema = z.object({
  id: z.string(),
  options: z.array(pollOptionSchema),
  multiple: z.boolean(),
  expires_at: z.string(),
  expired: z.boolean(),
  votes_count: z.number().int(),
  voters_count: z.number().int(),
  /** Whether the viewer voted (false when signed out). */
  voted: z.boolean(),
  /** The indexes the viewer chose, in option order. */
  own_votes: z.array(z.number().int()),
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
  /** Shown in place of the text and media until the reader opens them; null for none. */
  content_warning: z.string().nullable(),
  poll: pollSchema.nullable(),
  /** When the text or warning last changed; null when never edited. */
  edited_at: z.string().nullable(),
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

/** What `POST /api/posts` with a poll asks for: options, seconds it runs, one or several choices. */
export const pollRequestSchema = z.object({
  options: z.array(z.string()),
  expires_in: z.number(),
  multiple: z.boolean(),
});

/** A whisp waiting for its time (`POST /api/posts` with `scheduled_at`); its author's alone. */
export const scheduledWhispSchema = z.object({
  id: z.string(),
  scheduled_at: z.string(),
  content: z.string(),
  content_warning: z.string().nullable(),
  media: z.array(postMediaSchema),
  /** The poll as the request gave it; it starts running when the whisp is published. */
  poll: pollRequestSchema.nullable(),
  reply_settings: replySettingsSchema,
  created_at: z.string(),
});

/** One version of a whisp (`GET /api/posts/{id}/history`): oldest first, the current one last. */
export const postVersionSchema = z.object({
  content: z.string(),
  content_warning: z.string().nullable(),
  created_at: z.string(),
});

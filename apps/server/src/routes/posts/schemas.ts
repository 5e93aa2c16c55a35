import { z } from 'zod';
import { postSchema } from '../../posts/post-shape.js';

export const postIdParams = z.object({ id: z.string().describe('A whisp id') });

export const postResponse = z.object({ success: z.literal(true), data: postSchema });
export const createdPostResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: postSchema,
});
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export const postListResponse = z.object({
  success: z.literal(true),
  posts: z.array(postSchema),
  has_more: z.boolean(),
});
/** Feeds: `next_cursor` continues after the last whisp of this page (null: no more). */
export const feedResponse = z.object({
  success: z.literal(true),
  posts: z.array(postSchema),
  next_cursor: z.string().nullable(),
});

export const cursorParameter = z
  .string()
  .max(512)
  .optional()
  .describe('Where to continue: the next_cursor of the previous page (then page is ignored)');

export const pageParameter = z.coerce
  .number()
  .int()
  .optional()
  .transform((value) => Math.max(1, value ?? 1))
  .describe('Which page, from 1');

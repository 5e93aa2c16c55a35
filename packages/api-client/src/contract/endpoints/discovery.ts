import { z } from 'zod';
import { PAGE_SIZE, TRENDS_SHOWN } from '../limits.js';
import { bookmarkSchema, hashtagCountSchema, postSchema } from '../shapes/posts.js';
import { searchUserSchema } from '../shapes/users.js';
import { dataResponse, limitParameter, offsetParameter } from './common.js';

// /api/search, /api/trends and /api/bookmarks: finding whisps again.

/** GET /api/search. */
export const searchQuery = z.object({
  q: z.string().max(200).default(''),
  limit: limitParameter(PAGE_SIZE),
});
export const searchResponse = dataResponse(
  z.object({ posts: z.array(postSchema), users: z.array(searchUserSchema) }),
);

/** GET /api/search/hashtag/{tag}: the tag without `#`. */
export const hashtagParams = z.object({ tag: z.string().max(200) });
export const hashtagQuery = z.object({ limit: limitParameter(PAGE_SIZE), offset: offsetParameter });
export const hashtagResponse = dataResponse(
  z.object({
    hashtag: z.string(),
    post_count: z.number().int(),
    posts: z.array(postSchema),
  }),
);

/** GET /api/trends. */
export const trendsQuery = z.object({ limit: limitParameter(TRENDS_SHOWN) });
export const trendsResponse = dataResponse(z.array(hashtagCountSchema));

/** GET /api/bookmarks. */
export const bookmarksQuery = z.object({
  limit: limitParameter(PAGE_SIZE),
  offset: offsetParameter,
});
export const bookmarksResponse = dataResponse(
  z.object({
    bookmarks: z.array(bookmarkSchema),
    has_more: z.boolean(),
    next_offset: z.number().int().nullable(),
  }),
);

/**
 * Every product limit, in one place. The server validates with these, the client checks
 * them before sending, and the UI shows counters from them: change a number here and all three follow.
 */

/** A whisp's length in characters as a person counts them (an emoji is one). */
export const WHISP_MAX_LENGTH = 500;
/** The compose counter turns to a warning when fewer than this many characters remain. */
export const WHISP_COUNTER_WARNING_REMAINING = 20;

export const BIO_MAX_LENGTH = 160;
/** The bio counter warns once the bio is longer than this. */
export const BIO_COUNTER_WARNING_LENGTH = 140;

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;

const MEGABYTE = 1024 * 1024;
export const AVATAR_MAX_BYTES = 5 * MEGABYTE;
export const BANNER_MAX_BYTES = 10 * MEGABYTE;

export const BANNER_POSITION_DEFAULT = 50;
export const BANNER_POSITION_MIN = 0;
export const BANNER_POSITION_MAX = 100;

/** Page size of posts and bookmarks lists; "Load More" shows while a page comes back full. */
export const PAGE_SIZE = 20;
export const CONVERSATIONS_PAGE_LIMIT = 50;
export const MESSAGES_PAGE_LIMIT = 100;
/** Server-side cap on any list's `limit`. */
export const LIST_LIMIT_MAX = 100;
/** `/api/posts/public` allows larger pages (trends are computed from them). */
export const PUBLIC_POSTS_LIMIT_MAX = 200;

export const TRENDS_SIDEBAR_SOURCE_POSTS = 100;
export const TRENDS_EXPLORE_SOURCE_POSTS = 200;
export const TRENDS_SHOWN = 5;
export const TRENDING_FALLBACK_HASHTAGS = [
  'General',
  'Social',
  'Community',
  'Discussion',
  'Ideas',
] as const;

export const SUGGESTED_USERS_SIDEBAR = 3;
export const SUGGESTED_USERS_EXPLORE = 10;
export const SUGGESTED_USERS_DEFAULT = 5;

export const NOTIFICATION_POLL_INTERVAL_MS = 30_000;
export const TOAST_DURATION_MS = 3_000;
export const SEARCH_DEBOUNCE_MS = 300;

export const SUPPORT_SUBJECT_MAX_LENGTH = 100;
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 1000;

export const MINIMUM_AGE = 13;

/** Layout breakpoints in CSS pixels: the post menu becomes a bottom sheet below the first. */
export const POST_MENU_SHEET_BREAKPOINT = 600;
export const WIDE_LAYOUT_BREAKPOINT = 769;

/** A whisp carries up to this many images, or exactly one video. */
export const POST_MEDIA_MAX_IMAGES = 4;
/** Each image attached to a whisp (it is re-encoded smaller on the server). */
export const POST_IMAGE_MAX_BYTES = 10 * MEGABYTE;
/** A whisp's video (MP4 or WebM), stored as uploaded. */
export const POST_VIDEO_MAX_BYTES = 40 * MEGABYTE;

/** A direct message's length in characters as a person counts them. */
export const MESSAGE_MAX_LENGTH = 1000;

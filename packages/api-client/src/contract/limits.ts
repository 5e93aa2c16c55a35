/**
 * Every product limit, in one place. The server validates with these, the client checks
 * them before sending, the mocks copy them and the UI shows counters from them: change a number
 * here and all of them follow. Numbers that only decide how something looks (breakpoints, toast
 * timing, counter warnings) live in @whisp/ui.
 */

/** A whisp's length in characters as a person counts them (an emoji is one). */
export const WHISP_MAX_LENGTH = 500;

export const BIO_MAX_LENGTH = 160;

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;

/** Byte sizes in messages are whole megabytes of this size. */
export const MEGABYTE = 1024 * 1024;
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

/** `/api/trends` answers this many hashtags unless asked for another `limit`. */
export const TRENDS_SHOWN = 5;
/** `/api/users/suggested` answers this many members unless asked for another `limit`. */
export const SUGGESTED_USERS_DEFAULT = 5;
/** `/api/search` answers at most this many members beside its whisps. */
export const SEARCH_USERS_SHOWN = 10;

/** How often the client polls for notifications while live events are unavailable. */
export const NOTIFICATION_POLL_INTERVAL_MS = 30_000;

export const SUPPORT_SUBJECT_MAX_LENGTH = 100;
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 1000;

export const MINIMUM_AGE = 13;

/** A whisp carries up to this many images, or exactly one video. */
export const POST_MEDIA_MAX_IMAGES = 4;
/** Each image attached to a whisp (it is re-encoded smaller on the server). */
export const POST_IMAGE_MAX_BYTES = 10 * MEGABYTE;
/** A whisp's video (MP4 or WebM), stored as uploaded. */
export const POST_VIDEO_MAX_BYTES = 40 * MEGABYTE;
/** An attachment's description (alt text) in characters as a person counts them. */
export const MEDIA_ALT_MAX_LENGTH = 1500;

/** A whisp's content warning, in characters as a person counts them (Composer 1.2). */
export const CONTENT_WARNING_MAX_LENGTH = 100;

/** A poll offers this many distinct options, each 1 to POLL_OPTION_MAX_LENGTH characters. */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 4;
export const POLL_OPTION_MAX_LENGTH = 50;
/** A poll runs from 5 minutes to 7 days (`poll.expires_in`, in seconds). */
export const POLL_DURATION_MIN_SECONDS = 5 * 60;
export const POLL_DURATION_MAX_SECONDS = 7 * 24 * 60 * 60;
/** The durations the composer offers, in seconds; the API takes any value between the bounds. */
export const POLL_DURATION_CHOICES = [
  300,
  1800,
  3600,
  6 * 3600,
  86_400,
  3 * 86_400,
  604_800,
] as const;
/** The composer's duration until the member picks another: one day. */
export const POLL_DURATION_DEFAULT_SECONDS = 86_400;

/** A scheduled whisp's time lies at least this far ahead, and at most SCHEDULE_MAX_LEAD_MS. */
export const SCHEDULE_MIN_LEAD_MS = 5 * 60 * 1000;
export const SCHEDULE_MAX_LEAD_MS = 365 * 24 * 60 * 60 * 1000;
/** Pending scheduled whisps one member may hold. */
export const SCHEDULED_POSTS_MAX = 100;

/** `GET /api/posts/{id}/context`: at most this many descendants, at most this many levels deep. */
export const THREAD_CONTEXT_MAX_DESCENDANTS = 200;
export const THREAD_CONTEXT_MAX_DEPTH = 10;

/** `media[].preview_url` is a WebP at most this many pixels on its long side. */
export const MEDIA_PREVIEW_MAX_SIDE = 640;

/** A direct message's length in characters as a person counts them. */
export const MESSAGE_MAX_LENGTH = 1000;

/** An account export brought to POST /api/users/me/import (media included). */
export const ACCOUNT_ARCHIVE_MAX_BYTES = 500 * MEGABYTE;
/**
 * How deep arrays and objects may nest in an archive's JSON files (an export's nest four deep).
 * Deeper is refused before parsing: each level costs memory while it is parsed.
 */
export const ACCOUNT_ARCHIVE_JSON_MAX_DEPTH = 64;
/**
 * An imported whisp dated more than this after the import is skipped, so that no archive can pin
 * a whisp to the top of a feed; the margin forgives an old server's clock running a little ahead.
 */
export const ACCOUNT_IMPORT_FUTURE_MARGIN_MS = 5 * 60 * 1000;

/** A password reset link works for this long after it is mailed. */
export const PASSWORD_RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** Password reset requests per email address, and per client address, in any hour. */
export const PASSWORD_RESET_REQUESTS_PER_EMAIL = 5;
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS = 20;
export const PASSWORD_RESET_REQUESTS_WINDOW_MS = 60 * 60 * 1000;

/** A muted word, phrase or `#tag` in characters as a person counts them; how many one member keeps. */
export const MUTED_WORD_MAX_LENGTH = 100;
export const MUTED_WORDS_MAX = 200;

/** A report's optional details, in characters. */
export const REPORT_DETAILS_MAX_LENGTH = 1000;
/** A moderator's note on a resolution, in characters (the member reads it in their notice). */
export const MODERATION_NOTE_MAX_LENGTH = 1000;
/** Why a server is silenced or suspended, in characters (moderators read it in the instance list). */
export const INSTANCE_POLICY_REASON_MAX_LENGTH = 500;

import { NOTIFICATION_MESSAGES } from '../contract/choices.js';
import { BANNER_POSITION_DEFAULT } from '../contract/limits.js';
import { memberAcct, memberUrl } from '../contract/member-address.js';
import { DEFAULT_PREFERENCES } from '../contract/preferences.js';
import { parseHashtags, parseMentionCandidates } from '../contract/text.js';
import type {
  Bookmark,
  Conversation,
  CurrentUser,
  HashtagCount,
  Message,
  Notification,
  Post,
  Profile,
  SearchUser,
  SuggestedUser,
  UserSummary,
} from '../models.js';
import { postMediaOf, sampleMediaDetails } from './media-details.js';
import { cycle, SAMPLE_MESSAGES, SAMPLE_PEOPLE, SAMPLE_WHISPS } from './text.js';

/**
 * Fixture builders: each returns a complete, valid contract shape with believable content; pass
 * only the fields a story or test cares about. Ids count up per builder, so fixtures are stable
 * between runs (visual snapshots do not flicker).
 */

/** The moment seeded fixtures are dated from, so "2h" in a snapshot stays "2h"-ish and stable. */
export const FIXTURE_EPOCH = Date.parse('2026-01-15T12:00:00.000Z');

const counters = new Map<string, number>();
/** The next number of a kind of fixture (ids count up per kind until `resetFixtureIds`). */
export function nextNumber(kind: string) {
  const next = (counters.get(kind) ?? 0) + 1;
  counters.set(kind, next);
  return next;
}

/** Starts every builder's numbering again (call it before each test for predictable ids). */
export function resetFixtureIds() {
  counters.clear();
}

/** The server the mocks play (WHISP_PUBLIC_URL): members' `url` is their page on it. */
export const MOCK_PUBLIC_URL = 'https://whisp.test';

/** `acct` and `url` of a member of the mocks' server: every mock member is one. */
export function localAddress(username: string) {
  const member = { username, host: null, profile_url: null, actor_uri: null };
  return { acct: memberAcct(member), url: memberUrl(MOCK_PUBLIC_URL, member) };
}

function minutesAgo(minutes: number) {
  return new Date(FIXTURE_EPOCH - minutes * 60_000).toISOString();
}

function person(n: number) {
  return cycle(SAMPLE_PEOPLE, n - 1);
}

export function buildUser(overrides: Partial<UserSummary> = {}): UserSummary {
  const n = nextNumber('user');
  const sample = person(n);
  const username =
    overrides.username ?? (n > SAMPLE_PEOPLE.length ? `${sample.username}${n}` : sample.username);
  return {
    id: `user-${n}`,
    username,
    ...localAddress(username),
    display_name: sample.display_name,
    avatar: null,
    is_verified: n % 4 === 1,
    ...overrides,
  };
}

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const user = buildUser();
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    email: `${user.username}@whisp.test`,
    has_password: true,
    bio: person(Number(user.id.slice(5))).bio,
    profile_picture_url: user.avatar,
    profile_banner_url: null,
    is_verified: user.is_verified,
    banner_position_x: BANNER_POSITION_DEFAULT,
    banner_position_y: BANNER_POSITION_DEFAULT,
    created_at: minutesAgo(60 * 24 * 200),
    role: 'member',
    is_private: false,
    preferences: {
      ...DEFAULT_PREFERENCES,
      notifications: { ...DEFAULT_PREFERENCES.notifications },
    },
    ...overrides,
  };
}

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  const {
    email: _email,
    has_password: _hasPassword,
    role: _role,
    preferences: _preferences,
    ...user
  } = buildCurrentUser();
  const n = Number(user.id.slice(5));
  return {
    ...user,
    ...localAddress(overrides.username ?? user.username),
    followers_count: 40 + ((n * 37) % 900),
    following_count: 20 + ((n * 13) % 300),
    posts_count: 5 + ((n * 7) % 120),
    is_private: false,
    is_following: false,
    is_requested: false,
    is_followed_by: false,
    is_blocking: false,
    is_muting: false,
    message_permission: 'allowed',
    ...overrides,
  };
}

export function buildSuggestedUser(overrides: Partial<SuggestedUser> = {}): SuggestedUser {
  const profile = buildProfile();
  return {
    id: profile.id,
    username: profile.username,
    ...localAddress(overrides.username ?? profile.username),
    display_name: profile.display_name,
    avatar: profile.profile_picture_url,
    verified: profile.is_verified,
    bio: profile.bio,
    followers_count: profile.followers_count,
    is_requested: profile.is_requested,
    ...overrides,
  };
}

export function buildSearchUser(overrides: Partial<SearchUser> = {}): SearchUser {
  const profile = buildProfile();
  return {
    id: profile.id,
    username: profile.username,
    ...localAddress(overrides.username ?? profile.username),
    display_name: profile.display_name,
    avatar: profile.profile_picture_url,
    is_verified: profile.is_verified,
    bio: profile.bio,
    posts_count: profile.posts_count,
    followers_count: profile.followers_count,
    is_following: profile.is_following,
    ...overrides,
  };
}

export function buildPost(overrides: Partial<Post> = {}): Post {
  const n = nextNumber('post');
  const content = overrides.content ?? cycle(SAMPLE_WHISPS, n - 1);
  const created_at = overrides.created_at ?? minutesAgo(n * 47);
  // Either list of attachments makes the other, as the server sends both.
  const media =
    overrides.media ??
    (overrides.media_urls ?? []).map((url) => postMediaOf(url, null, sampleMediaDetails(url)));
  return {
    id: `post-${n}`,
    author: overrides.author ?? buildUser(),
    content,
    created_at,
    updated_at: created_at,
    media_urls: media.map((attachment) => attachment.url),
    media,
    hashtags: parseHashtags(content),
    mentions: parseMentionCandidates(content),
    reply_count: (n * 3) % 7,
    rewhisp_count: (n * 5) % 11,
    like_count: (n * 17) % 60,
    is_liked: false,
    is_rewhisped: false,
    is_bookmarked: false,
    is_reply: false,
    reply_to_id: null,
    rewhisp_of: null,
    reply_settings: { can_reply: 'everyone', can_repost: true },
    content_warning: null,
    poll: null,
    edited_at: null,
    ...overrides,
  };
}

/** A rewhisp as feeds show it: `author` rewhisped `original`, with an empty comment. */
export function buildRewhisp(original: Post, overrides: Partial<Post> = {}): Post {
  return buildPost({
    content: '',
    hashtags: [],
    mentions: [],
    reply_count: 0,
    rewhisp_count: 0,
    like_count: 0,
    rewhisp_of: { ...original, rewhisp_of: null },
    ...overrides,
  });
}

export function buildBookmark(overrides: Partial<Bookmark> = {}): Bookmark {
  const n = nextNumber('bookmark');
  return {
    id: `bookmark-${n}`,
    created_at: minutesAgo(n * 30),
    post: buildPost({ is_bookmarked: true }),
    ...overrides,
  };
}

/** The text the mock server writes for each kind of notification. */
export function notificationMessage(type: Notification['notification_type']) {
  return NOTIFICATION_MESSAGES[type];
}

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  const n = nextNumber('notification');
  const type = overrides.notification_type ?? 'like';
  const hasPost = type !== 'follow' && type !== 'direct_message';
  return {
    id: `notification-${n}`,
    notification_type: type,
    is_read: false,
    created_at: minutesAgo(n * 12),
    actor: buildUser(),
    message: notificationMessage(type),
    post: hasPost ? { id: `post-${n}`, content: cycle(SAMPLE_WHISPS, n) } : null,
    ...overrides,
  };
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const n = nextNumber('conversation');
  const other = buildUser();
  return {
    id: `conversation-${n}`,
    participant_one_id: 'user-me',
    participant_two_id: other.id,
    other_participant_id: other.id,
    other_participant_username: other.username,
    other_participant_display_name: other.display_name,
    other_participant_avatar_url: other.avatar,
    other_participant_message_permission: 'allowed',
    last_message: cycle(SAMPLE_MESSAGES, n),
    last_message_at: minutesAgo(n * 90),
    unread_count: n % 3,
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> = {}): Message {
  const n = nextNumber('message');
  return {
    id: `message-${n}`,
    conversation_id: 'conversation-1',
    sender_id: n % 2 ? 'user-me' : 'user-1',
    recipient_id: n % 2 ? 'user-1' : 'user-me',
    content: cycle(SAMPLE_MESSAGES, n - 1),
    created_at: minutesAgo(100 - n),
    is_read: true,
    ...overrides,
  };
}

export function buildHashtagCount(overrides: Partial<HashtagCount> = {}): HashtagCount {
  const n = nextNumber('hashtag');
  const tags = ['design', 'photography', 'programming', 'ux', 'food', 'cycling'];
  return { hashtag: cycle(tags, n - 1), post_count: 30 - n, ...overrides };
}

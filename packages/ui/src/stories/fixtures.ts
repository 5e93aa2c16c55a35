// Story data only (not part of the published build). Pictures are inline SVG data URLs so stories
// render the same offline, in tests and in screenshots.
import type {
  Conversation,
  HashtagCount,
  Message,
  Notification,
  Poll,
  Post,
  PostMedia,
  Profile,
  SuggestedUser,
  UserSummary,
} from '@whisp/api-client';

/** A fixed "now", so relative times in stories and their tests never drift. */
export const storyNow = new Date('2026-06-15T12:00:00Z');
export const minutesAgo = (minutes: number) =>
  new Date(storyNow.getTime() - minutes * 60_000).toISOString();

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A generated profile picture as SVG text (a gradient and a silhouette). */
export function avatarPicture(from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="96" height="96" fill="url(#g)"/><circle cx="48" cy="38" r="17" fill="rgba(255,255,255,.85)"/><path d="M16 92c4-20 18-30 32-30s28 10 32 30z" fill="rgba(255,255,255,.85)"/></svg>`;
}

export function avatarImage(from: string, to: string): string {
  return svgDataUrl(avatarPicture(from, to));
}

export function landscapeImage(sky: string, hill: string, width = 1200, height = 800): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${sky}"/><circle cx="${width * 0.75}" cy="${height * 0.28}" r="${height * 0.1}" fill="rgba(255,255,255,.8)"/><path d="M0 ${height * 0.7} Q${width * 0.25} ${height * 0.45} ${width * 0.5} ${height * 0.65} T${width} ${height * 0.6} V${height} H0z" fill="${hill}"/></svg>`,
  );
}

/** A member of the stories' server: `acct` is the username, `url` their page on it. */
const localAddress = (username: string) => ({
  acct: username,
  url: `https://whisp.example/user/${username}`,
});

export const ada: UserSummary = {
  id: 'u-ada',
  username: 'ada',
  ...localAddress('ada'),
  display_name: 'Ada Lovelace',
  avatar: avatarImage('#7c5cff', '#2ec5ff'),
  is_verified: true,
};
export const grace: UserSummary = {
  id: 'u-grace',
  username: 'grace_h',
  ...localAddress('grace_h'),
  display_name: 'Grace Hopper',
  avatar: avatarImage('#ff7a59', '#ffcb47'),
  is_verified: false,
};
export const linus: UserSummary = {
  id: 'u-linus',
  username: 'linus',
  ...localAddress('linus'),
  display_name: 'Linus',
  avatar: null,
  is_verified: false,
};
export const me: UserSummary = {
  id: 'u-me',
  username: 'margaret',
  ...localAddress('margaret'),
  display_name: 'Margaret Hamilton',
  avatar: avatarImage('#1aa37a', '#7be0b0'),
  is_verified: true,
};

/**
 * A member of another server (Federation 1.2): `acct` carries their server, `url` is their page
 * there, and their username alone is not unique here.
 */
export const remoteMember: UserSummary = {
  id: 'u-alice-remote',
  username: 'alice',
  acct: 'alice@remote.example',
  url: 'https://remote.example/@alice',
  display_name: 'Alice Liddell',
  avatar: avatarImage('#e0559b', '#ffb86b'),
  is_verified: false,
};

/** A remote member on a server with a long name: their handle is longer than a phone is wide. */
export const longHandleMember: UserSummary = {
  id: 'u-long-remote',
  username: 'bartholomew_the_cartographer',
  acct: 'bartholomew_the_cartographer@a-very-long-server-name.social.example',
  url: 'https://a-very-long-server-name.social.example/@bartholomew_the_cartographer',
  display_name: 'Bartholomew',
  avatar: null,
  is_verified: false,
};

export const photos = [
  landscapeImage('#8fb8ff', '#3d7a55'),
  landscapeImage('#ffb38a', '#7a3d5c'),
  landscapeImage('#b9a6ff', '#2f3d7a'),
  landscapeImage('#9ee6d0', '#1f6b63'),
  landscapeImage('#ffd976', '#8a5a1f'),
];

let nextId = 1;
export function post(overrides: Partial<Post> = {}): Post {
  const id = `p-${nextId++}`;
  // Either list of attachments makes the other, as the server sends both.
  const media = overrides.media ?? (overrides.media_urls ?? []).map((url) => mediaItem({ url }));
  return {
    id,
    author: grace,
    content: 'Shipping a tiny design system today. Counting graphemes, not code units. 🎉',
    created_at: minutesAgo(42),
    updated_at: minutesAgo(42),
    media_urls: media.map((attachment) => attachment.url),
    media,
    hashtags: [],
    mentions: [],
    reply_count: 3,
    rewhisp_count: 12,
    like_count: 1_234,
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

/**
 * A single-choice poll with two days left that the viewer has not voted in: the per-option counts
 * are hidden from them (null), as the server sends it.
 */
export function poll(overrides: Partial<Poll> = {}): Poll {
  return {
    id: `poll-${nextId++}`,
    options: [
      { title: 'Tabs', votes_count: null },
      { title: 'Spaces', votes_count: null },
      { title: 'Whatever the formatter says', votes_count: null },
    ],
    multiple: false,
    expires_at: new Date(storyNow.getTime() + 2 * 86_400_000 + 3_600_000).toISOString(),
    expired: false,
    votes_count: 128,
    voters_count: 128,
    voted: false,
    own_votes: [],
    ...overrides,
  };
}

/** One attachment: an undescribed image of unknown size unless told otherwise. */
export function mediaItem(overrides: Partial<PostMedia> & Pick<PostMedia, 'url'>): PostMedia {
  return {
    alt: null,
    kind: 'image',
    width: null,
    height: null,
    preview_url: null,
    blurhash: null,
    ...overrides,
  };
}

export const profile: Profile = {
  id: ada.id,
  username: ada.username,
  acct: ada.acct,
  url: ada.url,
  display_name: ada.display_name,
  bio: 'Poet of numbers. Writing about #engines, notes and the occasional @grace_h thread.',
  profile_picture_url: ada.avatar,
  // Taller than the 3:1 frame, as uploaded photos are, so its position matters.
  profile_banner_url: landscapeImage('#b9a6ff', '#2f3d7a', 1200, 900),
  banner_position_x: 50,
  banner_position_y: 50,
  followers_count: 48_213,
  following_count: 312,
  posts_count: 1_024,
  is_verified: true,
  is_private: false,
  is_following: false,
  is_followed_by: true,
  is_requested: false,
  is_blocking: false,
  is_muting: false,
  message_permission: 'allowed',
  created_at: '2024-03-04T10:00:00Z',
};

/** A remote member's profile as the server answers it: their counts as this server knows them. */
export const remoteProfile: Profile = {
  ...profile,
  id: remoteMember.id,
  username: remoteMember.username,
  acct: remoteMember.acct,
  url: remoteMember.url,
  display_name: remoteMember.display_name,
  bio: 'Curiouser and curiouser. Posting from my own little server.',
  profile_picture_url: remoteMember.avatar,
  profile_banner_url: landscapeImage('#ffd1e6', '#7a2f5c', 1200, 900),
  followers_count: 87,
  following_count: 42,
  posts_count: 12,
  is_verified: false,
  is_followed_by: false,
  created_at: '2025-11-20T10:00:00Z',
};

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: `n-${nextId++}`,
    notification_type: 'like',
    is_read: false,
    created_at: minutesAgo(5),
    actor: ada,
    message: 'Ada Lovelace liked your whisp',
    post: { id: 'p-1', content: 'Shipping a tiny design system today.' },
    ...overrides,
  };
}

export const conversations: Conversation[] = [
  {
    id: 'c-1',
    participant_one_id: me.id,
    participant_two_id: ada.id,
    other_participant_id: ada.id,
    other_participant_username: ada.username,
    other_participant_display_name: ada.display_name,
    other_participant_avatar_url: ada.avatar,
    other_participant_message_permission: 'allowed',
    last_message: 'See you at the meetup!',
    last_message_at: minutesAgo(3),
    unread_count: 2,
  },
  {
    id: 'c-2',
    participant_one_id: me.id,
    participant_two_id: grace.id,
    other_participant_id: grace.id,
    other_participant_username: grace.username,
    other_participant_display_name: grace.display_name,
    other_participant_avatar_url: grace.avatar,
    other_participant_message_permission: 'allowed',
    last_message: 'The bug was a moth, literally.',
    last_message_at: minutesAgo(60 * 26),
    unread_count: 0,
  },
  {
    id: 'c-3',
    participant_one_id: me.id,
    participant_two_id: linus.id,
    other_participant_id: linus.id,
    other_participant_username: linus.username,
    other_participant_display_name: linus.display_name,
    other_participant_avatar_url: null,
    other_participant_message_permission: 'allowed',
    last_message: null,
    last_message_at: null,
    unread_count: 0,
  },
];

function message(id: string, from: UserSummary, minutes: number, content: string): Message {
  const to = from.id === me.id ? ada : me;
  return {
    id,
    conversation_id: 'c-1',
    sender_id: from.id,
    recipient_id: to.id,
    content,
    created_at: minutesAgo(minutes),
    is_read: true,
  };
}

export const messages: Message[] = [
  message('m-1', ada, 60 * 26, 'Did you read the notes on the engine?'),
  message('m-2', me, 60 * 25.5, 'Twice. The part about loops is brilliant.'),
  message('m-3', ada, 12, 'Are you coming to the meetup tonight?'),
  message('m-4', me, 8, 'Yes! I will bring the slides.'),
  message('m-5', ada, 3, 'See you at the meetup!'),
];

export const trends: HashtagCount[] = [
  { hashtag: 'design', post_count: 12_400 },
  { hashtag: 'accessibility', post_count: 3_210 },
  { hashtag: 'react', post_count: 1_870 },
  { hashtag: 'whisp', post_count: 640 },
  { hashtag: 'typography', post_count: 98 },
];

export const suggestedUsers: SuggestedUser[] = [
  {
    ...ada,
    avatar: ada.avatar,
    verified: true,
    bio: 'Poet of numbers',
    followers_count: 48_213,
    is_requested: false,
  },
  {
    ...grace,
    verified: false,
    bio: 'Compilers and moths',
    followers_count: 9_120,
    is_requested: false,
  },
  { ...linus, verified: false, bio: null, followers_count: 87, is_requested: false },
];

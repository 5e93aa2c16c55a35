/**
 * The shapes of the Whisp API (../shared/spec/api.md, "Shapes"), as the server sends them.
 * The UI's components take these as props, so an embedding app passes the client's data straight in.
 */

export type Id = string;
/** ISO-8601 UTC. */
export type Timestamp = string;

export interface UserSummary {
  id: Id;
  username: string;
  display_name: string;
  /** Server-relative (`/media/…`) from the server; the client prefixes the API host. */
  avatar: string | null;
  is_verified: boolean;
}

export interface CurrentUser {
  id: Id;
  username: string;
  display_name: string;
  email: string;
  bio: string | null;
  profile_picture_url: string | null;
  profile_banner_url: string | null;
  is_verified: boolean;
  banner_position_x: number;
  banner_position_y: number;
  created_at: Timestamp;
}

export interface Profile {
  id: Id;
  username: string;
  display_name: string;
  bio: string | null;
  profile_picture_url: string | null;
  profile_banner_url: string | null;
  banner_position_x: number;
  banner_position_y: number;
  followers_count: number;
  following_count: number;
  posts_count: number;
  is_verified: boolean;
  is_private: boolean;
  is_following: boolean;
  is_followed_by: boolean;
  created_at: Timestamp;
}

export const REPLY_AUDIENCES = ['everyone', 'followers', 'none'] as const;
export type ReplyAudience = (typeof REPLY_AUDIENCES)[number];

export interface ReplySettings {
  can_reply: ReplyAudience;
  can_repost: boolean;
}

export interface Post {
  id: Id;
  author: UserSummary;
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  media_urls: string[];
  /** Lower-case, without `#`. */
  hashtags: string[];
  /** Usernames, without `@`. */
  mentions: string[];
  reply_count: number;
  rewhisp_count: number;
  like_count: number;
  is_liked: boolean;
  is_rewhisped: boolean;
  is_bookmarked: boolean;
  is_reply: boolean;
  reply_to_id: Id | null;
  /** Set when this post is a rewhisp: `author` rewhisped it, `content` is the comment or empty. */
  rewhisp_of: Post | null;
  reply_settings: ReplySettings;
}

export interface SuggestedUser {
  id: Id;
  username: string;
  display_name: string;
  avatar: string | null;
  verified: boolean;
  bio: string | null;
  followers_count: number;
}

export interface SearchUser extends UserSummary {
  bio: string | null;
  posts_count: number;
  followers_count: number;
  is_following: boolean;
}

export const NOTIFICATION_TYPES = [
  'like',
  'follow',
  'rewhisp',
  'reply',
  'mention',
  'direct_message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Notification {
  id: Id;
  notification_type: NotificationType;
  is_read: boolean;
  created_at: Timestamp;
  actor: UserSummary;
  message: string;
  post: { id: Id; content: string } | null;
}

export interface Conversation {
  id: Id;
  participant_one_id: Id;
  participant_two_id: Id;
  other_participant_id: Id;
  other_participant_username: string;
  other_participant_display_name: string;
  other_participant_avatar_url: string | null;
  last_message: string | null;
  last_message_at: Timestamp | null;
  unread_count: number;
}

export interface Message {
  id: Id;
  conversation_id: Id;
  sender_id: Id;
  recipient_id: Id;
  content: string;
  created_at: Timestamp;
  is_read: boolean;
}

export interface Bookmark {
  id: Id;
  created_at: Timestamp;
  post: Post;
}

export interface HashtagCount {
  hashtag: string;
  post_count: number;
}

export const PROFILE_TABS = ['posts', 'media', 'likes', 'rewhisps', 'bookmarks'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const SUPPORT_CATEGORIES = [
  'general',
  'account',
  'bug',
  'feature',
  'safety',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/** `unread` live event: the member's unread counts. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

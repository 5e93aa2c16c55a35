/**
 * The fixed lists of values that fields of the API take. The zod shapes are built from these, and
 * they are plain arrays so that a form or a story can list them without loading zod.
 */

/** Who may reply to a whisp (`reply_settings.can_reply`). */
export const REPLY_AUDIENCES = ['everyone', 'followers', 'none'] as const;
export type ReplyAudience = (typeof REPLY_AUDIENCES)[number];

export const NOTIFICATION_TYPES = [
  'like',
  'follow',
  'rewhisp',
  'reply',
  'mention',
  'direct_message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a whisp's attachment is (`media[].kind`): up to four images, or one video. */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The tabs of `GET /api/users/{id}/posts`; likes and bookmarks are their owner's alone. */
export const PROFILE_TABS = ['posts', 'media', 'likes', 'rewhisps', 'bookmarks'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const PRIVATE_PROFILE_TABS: readonly ProfileTab[] = ['likes', 'bookmarks'];

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

/** What a notification says after its actor's name ("Ada liked your whisp"). */
export const NOTIFICATION_MESSAGES: Readonly<Record<NotificationType, string>> = {
  like: 'liked your whisp',
  follow: 'started following you',
  rewhisp: 'rewhisped your whisp',
  reply: 'replied to your whisp',
  mention: 'mentioned you in a whisp',
  direct_message: 'sent you a message',
};

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
  'moderation',
  // A poll ended: its author and every voter get one each (Composer 1.2).
  'poll',
  // Somebody asked to follow a private member (Privacy and preferences 1.2).
  'follow_request',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a whisp's attachment is (`media[].kind`): up to four images, or one video. An animated
 * GIF or WebP keeps its animation and is `animated`; apps play it muted and looping.
 */
export const MEDIA_KINDS = ['image', 'video', 'animated'] as const;
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
  // A moderation notice carries its own message (what was done and why); this is its fallback.
  moderation: 'Whisp moderation acted on your account',
  // A poll notice carries one of POLL_ENDED_MESSAGES; its actor is the poll's author.
  poll: 'A poll has ended',
  follow_request: 'requested to follow you',
};

/** The message of a `poll` notification: to the poll's author, and to each voter. */
export const POLL_ENDED_MESSAGES = {
  author: 'Your poll has ended',
  voter: 'A poll you voted in has ended',
} as const;

/** Who may start a conversation with, or write to, a member (`Preferences.messages_from`). */
export const MESSAGE_AUDIENCES = ['everyone', 'following', 'nobody'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/**
 * Whether the viewer may write to a member (`Profile.message_permission`,
 * `Conversation.other_participant_message_permission`): `allowed`, or the member's
 * `messages_from` that refuses the viewer, so that an app can say so, and why, before anyone
 * types. A member's own profile is `allowed`: nothing refuses them.
 */
export const MESSAGE_PERMISSIONS = ['allowed', 'following', 'nobody'] as const satisfies readonly (
  | 'allowed'
  | MessageAudience
)[];
export type MessagePermissionStatus = (typeof MESSAGE_PERMISSIONS)[number];

/**
 * The notification types a member can turn off (`Preferences.notifications`): every type but
 * moderation notices, which a member must always receive.
 */
export type OptionalNotificationType = Exclude<NotificationType, 'moderation'>;
export const OPTIONAL_NOTIFICATION_TYPES: readonly OptionalNotificationType[] =
  NOTIFICATION_TYPES.filter((type): type is OptionalNotificationType => type !== 'moderation');

/** What a member can do on the network: moderators work the report queue, admins also set roles. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Why a whisp or a member is reported (`reason` of a report). */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'self_harm',
  'misinformation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a report is about. */
export const REPORT_TARGET_TYPES = ['post', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** `GET /api/moderation/reports?status=`: open reports wait for a moderator. */
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How a moderator resolves a report. */
export const REPORT_ACTIONS = ['dismiss', 'remove_post', 'suspend_user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Every action of the moderation log: the report resolutions, and lifting a suspension. */
export const MODERATION_ACTIONS = [...REPORT_ACTIONS, 'unsuspend_user'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * What moderators can do about another server (federation, 1.2): `silence` lets its members reach
 * only their followers here; `suspend` refuses its activities and delivers nothing to it.
 */
export const INSTANCE_POLICIES = ['silence', 'suspend'] as const;
export type InstancePolicy = (typeof INSTANCE_POLICIES)[number];

/**
 * The shapes of the Whisp API as the server sends them, inferred from the contract's schemas
 * (`./contract/shapes`), so a field added there is a field here. The UI's components take these
 * as props, so an embedding app passes the client's data straight in. Imports of zod are types
 * only: the client's entry loads no zod.
 */
import type { z } from 'zod';
import type {
  accountSessionSchema,
  bookmarkSchema,
  conversationSchema,
  currentUserSchema,
  hashtagCountSchema,
  messageSchema,
  moderationInstanceSchema,
  moderationLogEntrySchema,
  moderationReportSchema,
  mutedWordSchema,
  notificationSchema,
  pollOptionSchema,
  pollRequestSchema,
  pollSchema,
  postMediaSchema,
  postSchema,
  postVersionSchema,
  preferencesChangesSchema,
  preferencesSchema,
  profileSchema,
  replySettingsSchema,
  scheduledWhispSchema,
  searchUserSchema,
  suggestedUserSchema,
  unreadCountsSchema,
  userSummarySchema,
} from './contract/index.js';

export type {
  InstancePolicy,
  ModerationAction,
  NotificationType,
  ProfileTab,
  ReplyAudience,
  ReportAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
  Role,
  SupportCategory,
  SupportPriority,
} from './contract/choices.js';
export {
  INSTANCE_POLICIES,
  MODERATION_ACTIONS,
  NOTIFICATION_TYPES,
  PROFILE_TABS,
  REPLY_AUDIENCES,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  ROLES,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
} from './contract/choices.js';
/**
 * Connected apps (Mastodon client API 1.2): an app a member authorized, the authorize request
 * an app made, what the consent page is asked to allow, and the member's decision.
 */
export type {
  ConnectedApp,
  OauthAuthorizationQuery,
  OauthAuthorizationRequest,
  OauthDecision,
} from './contract/endpoints/connected-apps.js';
/** Sign in with another account (1.2): a configured provider, and one connected to a member. */
export type { Identity, OidcProvider } from './contract/endpoints/identities.js';

export type Id = string;
/** ISO-8601 UTC. */
export type Timestamp = string;

export type UserSummary = z.output<typeof userSummarySchema>;
export type CurrentUser = z.output<typeof currentUserSchema>;
export type Profile = z.output<typeof profileSchema>;
/** A member's privacy and preferences, read with them (`CurrentUser.preferences`). */
export type Preferences = z.output<typeof preferencesSchema>;
/** PATCH /api/users/me/preferences: any subset; notification types not named keep theirs. */
export type PreferencesChanges = z.input<typeof preferencesChangesSchema>;
export type ReplySettings = z.output<typeof replySettingsSchema>;
/** One attachment of a whisp: its URL, description (alt text) and whether it is a video. */
export type PostMedia = z.output<typeof postMediaSchema>;
/**
 * A whisp; `rewhisp_of` is set when it is a rewhisp (`author` rewhisped it, `content` is the
 * comment). The server nests originals one level deep; typed as any Post here, so a rewhisp built
 * from a Post in an optimistic update or a story needs no cast.
 */
export type Post = Omit<z.output<typeof postSchema>, 'rewhisp_of'> & { rewhisp_of: Post | null };
/** A whisp's poll as the viewer sees it (counts null until they may see them). */
export type Poll = z.output<typeof pollSchema>;
export type PollOption = z.output<typeof pollOptionSchema>;
/** A poll as the composer asks for it: options, seconds it runs, one or several choices. */
export type PollRequest = z.output<typeof pollRequestSchema>;
/** A whisp waiting for its time; its author's alone. */
export type ScheduledWhisp = z.output<typeof scheduledWhispSchema>;
/** One version of an edited whisp (`GET /api/posts/{id}/history`). */
export type PostVersion = z.output<typeof postVersionSchema>;
/** The thread around a whisp: ancestors from the root down, descendants depth first. */
export interface PostContext {
  ancestors: Post[];
  descendants: Post[];
}
export type SuggestedUser = z.output<typeof suggestedUserSchema>;
export type SearchUser = z.output<typeof searchUserSchema>;
export type Notification = z.output<typeof notificationSchema>;
export type Conversation = z.output<typeof conversationSchema>;
export type Message = z.output<typeof messageSchema>;
/** A word, phrase or `#tag` the signed-in member muted. */
export type MutedWord = z.output<typeof mutedWordSchema>;
export type Bookmark = Omit<z.output<typeof bookmarkSchema>, 'post'> & { post: Post };
export type HashtagCount = z.output<typeof hashtagCountSchema>;
/** `unread` live event: the member's unread counts. */
export type UnreadCounts = z.output<typeof unreadCountsSchema>;
/** One place the member is signed in (`GET /api/users/me/sessions`). */
export type AccountSession = z.output<typeof accountSessionSchema>;
/** A report in the moderation queue: what was reported, by whom, and how it was resolved. */
export type ModerationReport = Omit<z.output<typeof moderationReportSchema>, 'post'> & {
  post: Post | null;
};
/** One action of the moderation log. */
export type ModerationLogEntry = z.output<typeof moderationLogEntrySchema>;
/** Another server as moderators see it: its members known here and the policy in force. */
export type ModerationInstance = z.output<typeof moderationInstanceSchema>;

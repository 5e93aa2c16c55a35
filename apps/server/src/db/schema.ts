import type { webcrypto } from 'node:crypto';
import type {
  InstancePolicy,
  ModerationAction,
  OidcNameClaims,
  ReportAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
  Role,
} from '@whisp/api-client/contract';
import type { ColumnType, Generated } from 'kysely';
import type { StoredPreferences } from './repositories/preferences.js';

/** Tables as Kysely sees them; each migration that adds a table adds it here. */
export interface DatabaseSchema {
  schema_migrations: SchemaMigrationsTable;
  app_meta: AppMetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_queue: MailQueueTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  posts: PostsTable;
  likes: LikesTable;
  bookmarks: BookmarksTable;
  post_media: PostMediaTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  post_idempotency_keys: PostIdempotencyKeysTable;
  hashtag_counts: HashtagCountsTable;
  notifications: NotificationsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  support_requests: SupportRequestsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  muted_words: MutedWordsTable;
  post_versions: PostVersionsTable;
  polls: PollsTable;
  poll_votes: PollVotesTable;
  scheduled_posts: ScheduledPostsTable;
  identities: IdentitiesTable;
  oidc_flows: OidcFlowsTable;
  oidc_tickets: OidcTicketsTable;
  oauth_apps: OauthAppsTable;
  oauth_app_tokens: OauthAppTokensTable;
  oauth_authorizations: OauthAuthorizationsTable;
  mastodon_markers: MastodonMarkersTable;
  mastodon_conversation_removals: MastodonConversationRemovalsTable;
  actor_keys: ActorKeysTable;
  fedify_kv: FedifyKvTable;
  fedify_messages: FedifyMessagesTable;
  instance_policies: InstancePoliciesTable;
}

/**
 * A Mastodon id (0026_mastodon_ids.sql): a bigint beyond 2^53, which the drivers would read as a
 * rounded number, so its type is unknown here and it is read as text (mastodonIdText). Set by a
 * trigger, never written.
 */
type MastodonIdColumn = ColumnType<unknown, never, never>;

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: ColumnType<Date, never, never>;
}

/** Kept by the posts_keep_hashtag_counts trigger (0005_search_at_scale.sql); never written here. */
export interface HashtagCountsTable {
  hashtag: string;
  post_count: ColumnType<number, never, never>;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, never, Date>;
}

export interface UsersTable {
  id: Generated<string>;
  /** The Mastodon API's id (0026_mastodon_ids.sql): read it with `mastodonIdText`, never as a number. */
  mastodon_id: MastodonIdColumn;
  username: string;
  /** Null for a member who signed up with a provider that gave no verified email (0021). */
  email: string | null;
  /** Null for a member who signed up with a provider and has set no password (0021). */
  password_hash: string | null;
  display_name: string;
  bio: string | null;
  avatar_key: string | null;
  banner_key: string | null;
  banner_position_x: Generated<number>;
  banner_position_y: Generated<number>;
  is_verified: Generated<boolean>;
  is_private: Generated<boolean>;
  /** Kept by triggers (0006_profiles_and_feeds_at_scale.sql); never written here. */
  followers_count: ColumnType<number, never, never>;
  following_count: ColumnType<number, never, never>;
  posts_count: ColumnType<number, never, never>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  /** Null = not suspended (0012_safety.sql); a suspended member is hidden from every read. */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** As granted; WHISP_ADMIN_EMAILS adds admins when members are read (0013_moderation.sql). */
  role: ColumnType<Role, Role | undefined, Role>;
  /** Only what the member changed (0017_preferences.sql); read through readPreferences. */
  preferences: ColumnType<StoredPreferences, string | undefined, string>;
  /** Null for a member of this server; a remote member's server (0036_remote_members.sql). */
  host: ColumnType<string | null, string | null | undefined, string | null>;
  /** A remote member's ActivityPub actor id, inbox and shared inbox; null for local members. */
  actor_uri: ColumnType<string | null, string | null | undefined, string | null>;
  inbox_url: ColumnType<string | null, string | null | undefined, string | null>;
  shared_inbox_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** A remote member's profile page on their server. */
  profile_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a remote member's actor was last read. */
  fetched_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A remote member's own setting; their is_private adds their server being silenced. */
  approves_followers: Generated<boolean>;
  /** The URLs a remote member's avatar_key and banner_key were downloaded from (0038). */
  remote_avatar_url: ColumnType<string | null, string | null | undefined, string | null>;
  remote_banner_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  revoked_at: Date | null;
  user_agent: string | null;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  /** A Mastodon app's token for the member (0025_oauth_grants.sql): the app, and what it may do. */
  app_id: ColumnType<string | null, string | null | undefined, never>;
  scopes: ColumnType<string[] | null, string[] | null | undefined, never>;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  requested_at: Date;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
}

export type MailKind = 'password_reset';

export interface MailQueueTable {
  id: Generated<string>;
  kind: MailKind;
  recipient: string;
  created_at: ColumnType<Date, never, never>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  attempts: ColumnType<number, never, number>;
  claimed_until: Date | null;
  last_error: string | null;
  failed_at: Date | null;
}

export interface FollowRequestsTable {
  /** The Mastodon API's paging id (0027_mastodon_follow_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  requester_id: string;
  target_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface FollowsTable {
  /** The Mastodon API's paging id (0027_mastodon_follow_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  follower_id: string;
  followed_id: string;
  created_at: ColumnType<Date, never, never>;
}

export type CanReply = 'everyone' | 'followers' | 'none';

export interface PostsTable {
  id: Generated<string>;
  /** The Mastodon API's id (0026_mastodon_ids.sql): read it with `mastodonIdText`, never as a number. */
  mastodon_id: MastodonIdColumn;
  author_id: string;
  content: Generated<string>;
  media_keys: Generated<string[]>;
  /** media_alts[i] describes media_keys[i]; shorter (or empty) when the rest have none. */
  media_alts: Generated<(string | null)[]>;
  hashtags: Generated<string[]>;
  mentions: Generated<string[]>;
  is_reply: Generated<boolean>;
  reply_to_id: string | null;
  rewhisp_of_id: string | null;
  can_reply: Generated<CanReply>;
  can_repost: Generated<boolean>;
  /** Kept by triggers (0003_posts.sql); never written by the application. */
  like_count: ColumnType<number, never, never>;
  reply_count: ColumnType<number, never, never>;
  rewhisp_count: ColumnType<number, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  search_vector: ColumnType<string, never, never>;
  content_warning: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the text or warning last changed (0014_composer.sql). */
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set by a trigger when its poll is written (0019_poll_flag.sql); never by the application. */
  has_poll: ColumnType<boolean, never, never>;
  /** The author's is_private, carried by triggers (0020_author_private.sql); never by the application. */
  author_private: ColumnType<boolean, never, never>;
  /** Whether a private member ever answered or rewhisped it (0020_author_private.sql). */
  has_private_answers: ColumnType<boolean, never, never>;
  /** A rewhisp's original's author_private, carried by triggers (0023_original_private.sql). */
  original_private: ColumnType<boolean, never, never>;
  /** The reply's ancestors, root first; set by a trigger on insert (0014_composer.sql). */
  thread_path: ColumnType<string[], never, never>;
  /** A remote whisp's ActivityPub id and page, null for local ones (0036_remote_members.sql). */
  uri: ColumnType<string | null, string | null | undefined, string | null>;
  url: ColumnType<string | null, string | null | undefined, string | null>;
  /** A remote whisp's HTML, sanitised when received; `content` holds its text. */
  content_html: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An earlier version of a whisp, as it read from `created_at` until the next edit. */
export interface PostVersionsTable {
  id: Generated<string>;
  post_id: string;
  content: string;
  content_warning: string | null;
  created_at: ColumnType<Date, Date, never>;
}

/** A whisp's poll (0014_composer.sql); the counts are kept by triggers on poll_votes. */
export interface PollsTable {
  id: Generated<string>;
  post_id: string;
  options: string[];
  multiple: Generated<boolean>;
  expires_at: ColumnType<Date, Date, Date>;
  /** option_counts[i] counts the votes for options[i]: zeros on insert, then the triggers'. */
  option_counts: ColumnType<number[], number[], never>;
  votes_count: ColumnType<number, never, never>;
  voters_count: ColumnType<number, never, never>;
  /** Set by the poll job when the poll-ended notifications went out. */
  ended_notified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One chosen option of one voter: a multiple-choice vote is several rows. */
export interface PollVotesTable {
  poll_id: string;
  voter_id: string;
  /** The option's index in polls.options, from 0. */
  choice: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface LikesTable {
  /** The Mastodon API's paging id (0030_mastodon_like_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  user_id: string;
  post_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface BookmarksTable {
  id: Generated<string>;
  /** The Mastodon API's paging id (0030_mastodon_like_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  user_id: string;
  post_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface PostMediaTable {
  /** The Mastodon API's id of the upload (0028_mastodon_media_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  user_id: string;
  key: string;
  kind: 'image' | 'video';
  created_at: ColumnType<Date, never, never>;
  /** The details media[] tells (0016_media_details.sql); null where recorded before them. */
  animated: Generated<boolean>;
  width: DetailColumn<number>;
  height: DetailColumn<number>;
  preview_key: DetailColumn<string>;
  blurhash: DetailColumn<string>;
  /** A Mastodon app's description of the upload, until a status names it (0028). */
  description: DetailColumn<string>;
  /** A remote whisp's attachment URL the file was downloaded from (0038_remote_media.sql). */
  remote_url: DetailColumn<string>;
}

/** A nullable column an insert may leave out (null then). */
type DetailColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A report of a whisp or of a member, and how it was resolved (0013_moderation.sql). */
export interface ReportsTable {
  id: Generated<string>;
  /** Null for a member report, and once the reported whisp is deleted. */
  post_id: string | null;
  reporter_id: string;
  reason: ReportReason;
  details: string | null;
  /** Set by the database, or by the demo loader to spread its reports over the last hours. */
  created_at: ColumnType<Date, Date | undefined, never>;
  target_type: ReportTargetType;
  /** The reported member (a whisp's author); null only in reports closed by the migration. */
  target_user_id: string | null;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  resolution_action: ReportAction | null;
  resolution_note: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
}

/** The moderation log: one row per action (0013_moderation.sql). */
export interface ModerationActionsTable {
  id: Generated<string>;
  action: ModerationAction;
  moderator_id: string;
  target_user_id: string;
  post_id: string | null;
  report_id: string | null;
  note: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface PostIdempotencyKeysTable {
  user_id: string;
  key: string;
  post_id: string;
  created_at: ColumnType<Date, never, never>;
}

export type NotificationType =
  | 'like'
  | 'follow'
  | 'rewhisp'
  | 'reply'
  | 'mention'
  | 'direct_message'
  | 'moderation'
  | 'poll'
  | 'follow_request';

export interface NotificationsTable {
  id: Generated<string>;
  /** The Mastodon API's id (0026_mastodon_ids.sql): read it with `mastodonIdText`, never as a number. */
  mastodon_id: MastodonIdColumn;
  recipient_id: string;
  actor_id: string;
  type: NotificationType;
  post_id: string | null;
  /** A moderation notice's own words; null for every other type (0013_moderation.sql). */
  message: ColumnType<string | null, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  /** Orders live events for Last-Event-ID (0004_inbox.sql). */
  event_seq: ColumnType<number, never, never>;
}

export interface ConversationsTable {
  id: Generated<string>;
  /** The pair in a fixed order: participant_one_id < participant_two_id. */
  participant_one_id: string;
  participant_two_id: string;
  last_message: string | null;
  last_message_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  /** The Mastodon API's id (0032_mastodon_message_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
}

export interface MessagesTable {
  id: Generated<string>;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  is_read: Generated<boolean>;
  /** Read while its reader had read receipts off: unread as its sender sees it (0017). */
  read_privately: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  event_seq: ColumnType<number, never, never>;
  /** The Mastodon API's id (0032_mastodon_message_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
}

export interface SupportRequestsTable {
  id: Generated<string>;
  user_id: string | null;
  category: string;
  priority: string;
  subject: string;
  description: string;
  system_info: unknown;
  created_at: ColumnType<Date, never, never>;
}

/** Safety (0012_safety.sql): a block hides both members from each other. */
export interface BlocksTable {
  /** The Mastodon API's paging id (0027_mastodon_follow_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  blocker_id: string;
  blocked_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface MutesTable {
  /** The Mastodon API's paging id (0027_mastodon_follow_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  muter_id: string;
  muted_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface MutedWordsTable {
  id: Generated<string>;
  user_id: string;
  word: string;
  created_at: ColumnType<Date, never, never>;
}

/** A whisp waiting for its time, published by the jobs (0015_jobs_and_schedules.sql). */
export interface ScheduledPostsTable {
  id: Generated<string>;
  /** The Mastodon API's id (0034_mastodon_scheduled_ids.sql): read it with `mastodonIdText`. */
  mastodon_id: MastodonIdColumn;
  author_id: string;
  scheduled_at: Date;
  content: string;
  content_warning: string | null;
  media_keys: Generated<string[]>;
  /** As posts.media_alts: empty when no attachment has a description. */
  media_alts: Generated<(string | null)[]>;
  /** The poll as requested: `{ options, expires_in, multiple }`. */
  poll: ColumnType<ScheduledPoll | null, string | null, string | null>;
  can_reply: Generated<CanReply>;
  can_repost: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  /** After a failed publication: not tried again before then. */
  retry_at: Date | null;
  failed_attempts: Generated<number>;
}

export interface ScheduledPoll {
  options: string[];
  expires_in: number;
  multiple: boolean;
}

/** A provider account linked to a member, by the provider's subject (0021_sign_in_providers.sql). */
export interface IdentitiesTable {
  id: Generated<string>;
  user_id: string;
  /** The provider's id in WHISP_OIDC_PROVIDERS. */
  provider: string;
  subject: string;
  created_at: ColumnType<Date, never, never>;
}

/** A sign-in or connection between its start and the provider's callback. */
export interface OidcFlowsTable {
  state_hash: string;
  browser_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  /** The member connecting the provider from Settings; null for a sign-in. */
  user_id: string | null;
  expires_at: Date;
  created_at: ColumnType<Date, never, never>;
}

/** What a new member's provider said, kept for POST /api/auth/oidc/complete. */
export interface NewMemberClaims {
  subject: string;
  /** Only an address the provider verified. */
  email: string | null;
  /** What the username and display name are made from (the contract's rules). */
  names: OidcNameClaims;
}

/** A callback's outcome waiting for POST /api/auth/oidc/complete: one use, short-lived. */
export interface OidcTicketsTable {
  token_hash: string;
  provider: string;
  /** A member to sign in, or null with the claims of a new member. */
  user_id: string | null;
  claims: ColumnType<NewMemberClaims | null, string | null, never>;
  expires_at: Date;
  created_at: ColumnType<Date, never, never>;
}

/** A Mastodon app, registered by itself (0024_oauth_apps.sql). */
export interface OauthAppsTable {
  id: Generated<string>;
  client_id: string;
  client_secret_hash: string;
  name: string;
  website: string | null;
  redirect_uris: string[];
  scopes: string[];
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A token an app holds for itself, no member behind it (client_credentials). */
export interface OauthAppTokensTable {
  token_hash: string;
  app_id: string;
  scopes: string[];
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A member's decision on an app, on its way to a token (0025_oauth_grants.sql). */
export interface OauthAuthorizationsTable {
  id: Generated<string>;
  app_id: string;
  user_id: string;
  ticket_hash: string | null;
  code_hash: string | null;
  approved: boolean;
  redirect_uri: string;
  scopes: string[];
  state: string | null;
  code_challenge: string | null;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Where a member stopped reading, as Mastodon apps keep it (0029_mastodon_markers.sql). */
export interface MastodonMarkersTable {
  user_id: string;
  timeline: 'home' | 'notifications';
  last_read_id: string;
  version: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A conversation a member removed from their Mastodon list (0032_mastodon_message_ids.sql). */
export interface MastodonConversationRemovalsTable {
  user_id: string;
  conversation_id: string;
  removed_at: ColumnType<Date, Date | undefined, Date>;
}

/** Local members' signing keys as JWK (0036_remote_members.sql, src/federation/keys.ts). */
export interface ActorKeysTable {
  user_id: string;
  kind: 'RSASSA-PKCS1-v1_5' | 'Ed25519';
  private_key: ColumnType<webcrypto.JsonWebKey, string, never>;
  public_key: ColumnType<webcrypto.JsonWebKey, string, never>;
  created_at: ColumnType<Date, never, never>;
}

/** Fedify's key–value store (0035_fedify_store_and_queue.sql, src/federation/kv-store.ts). */
export interface FedifyKvTable {
  key: string[];
  /** Written as JSON text cast to jsonb: a bare string would not pass as jsonb otherwise. */
  value: ColumnType<unknown, unknown, unknown>;
  expires_at: Date | null;
}

/** Fedify's message queue (0035_fedify_store_and_queue.sql, src/federation/message-queue.ts). */
export interface FedifyMessagesTable {
  /** A bigint, read as a string by pg (PGlite may differ): only passed back as read. */
  id: ColumnType<string, never, never>;
  queue: string;
  message: ColumnType<unknown, unknown, never>;
  ordering_key: string | null;
  deliver_after: ColumnType<Date, Date | undefined, Date>;
  claimed_until: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** A moderator's policy on another server (0037_instance_policies.sql, repositories/instances.ts). */
export interface InstancePoliciesTable {
  /** Lower case, with its port when it has one (as users.host). */
  host: string;
  policy: InstancePolicy;
  reason: string;
  set_by: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

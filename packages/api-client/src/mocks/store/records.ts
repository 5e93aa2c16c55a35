import type { PreferencesValues } from '../../contract/preferences.js';
import type {
  Id,
  InstancePolicy,
  Message,
  ModerationAction,
  NotificationType,
  PollRequest,
  ReplySettings,
  ReportAction,
  ReportReason,
  ReportTargetType,
  Role,
} from '../../models.js';
import type { MediaDetails } from '../media-details.js';

/** The mock server's tables: rows as a database would keep them, turned into shapes per viewer. */
export interface UserRecord {
  id: Id;
  username: string;
  display_name: string;
  email: string;
  password: string;
  bio: string | null;
  avatar: string | null;
  banner: string | null;
  banner_position_x: number;
  banner_position_y: number;
  is_verified: boolean;
  is_private: boolean;
  created_at: string;
  /** Set by moderation: the member then answers 404 to others and leaves every list and count. */
  suspended_at?: string | null;
  /** `member` when missing: moderators work the report queue, admins also set roles. */
  role?: Role;
  /** Privacy and preferences (1.2); missing, or a switch missing, reads as its default. */
  preferences?: PreferencesValues;
  /** A remote member's server, lower case (federation 1.2); missing or null for a local one. */
  host?: string | null;
}

/** A direct message as stored: one read while read receipts were off stays unread to its sender. */
export type MessageRecord = Message & { read_privately?: boolean };

export interface PostRecord {
  id: Id;
  author_id: Id;
  content: string;
  media_urls: string[];
  /** media_alts[i] describes media_urls[i]; missing or null where there is no description. */
  media_alts: (string | null)[];
  created_at: string;
  updated_at: string;
  /** Stays true when the whisp it answered is deleted (reply_to_id then becomes null). */
  is_reply: boolean;
  reply_to_id: Id | null;
  rewhisp_of_id: Id | null;
  reply_settings: ReplySettings;
  /** Parsed from the content when it is written, as the server stores them. */
  hashtags: string[];
  /** Usernames of members that existed when it was written, as they spell them. */
  mentions: string[];
  /** Shown in place of the text and media until opened; null or missing for none. */
  content_warning?: string | null;
  /** When the text or warning last changed; null or missing while never edited. */
  edited_at?: string | null;
  /**
   * The reply's ancestors, the root first and its parent last (missing or empty for a whisp that
   * answers nothing). Kept when a whisp in the middle is deleted, as the server keeps it, so a
   * thread still shows its replies after their nearest ancestor left.
   */
  thread_path?: Id[];
}

/** A whisp's poll; its counts are counted from `pollVotes`. */
export interface PollRecord {
  id: Id;
  post_id: Id;
  options: string[];
  multiple: boolean;
  expires_at: string;
  created_at: string;
  /** Set once its author and voters were told it ended (once each, as the server's job does). */
  ended_notified_at: string | null;
}

/** One chosen option of one voter (a multiple-choice vote is several rows). */
export interface PollVoteRecord {
  poll_id: Id;
  voter_id: Id;
  /** The option's index, from 0. */
  choice: number;
  created_at: string;
}

/** An earlier version of an edited whisp, as it read from `created_at` until the next edit. */
export interface PostVersionRecord {
  post_id: Id;
  content: string;
  content_warning: string | null;
  created_at: string;
}

/** A whisp waiting for its time; published (and removed) once the store's clock passes it. */
export interface ScheduledPostRecord {
  id: Id;
  author_id: Id;
  scheduled_at: string;
  content: string;
  content_warning: string | null;
  media_urls: string[];
  media_alts: (string | null)[];
  /** The poll as asked for; it starts running when the whisp is published. */
  poll: PollRequest | null;
  reply_settings: ReplySettings;
  created_at: string;
}

export interface NotificationRecord {
  id: Id;
  user_id: Id;
  actor_id: Id;
  type: NotificationType;
  post_id: Id | null;
  is_read: boolean;
  created_at: string;
  /** A moderation notice's own words (what was done and why); others say what their type says. */
  message?: string;
}

/** A report of a whisp (post_id set until the whisp is deleted) or of a member. */
export interface ReportRecord {
  id: Id;
  /** The member who reported. */
  user_id: Id;
  target_type: ReportTargetType;
  post_id: Id | null;
  /** The reported member: for a whisp report, its author. */
  target_user_id: Id;
  reason: ReportReason;
  details: string | null;
  created_at: string;
  resolution: {
    action: ReportAction;
    note: string | null;
    moderator_id: Id;
    resolved_at: string;
  } | null;
}

export interface ModerationLogRecord {
  id: Id;
  action: ModerationAction;
  moderator_id: Id;
  target_user_id: Id;
  post_id: Id | null;
  report_id: Id | null;
  note: string | null;
  created_at: string;
}

/** A moderator's silence or suspension of another server, by its host (federation 1.2). */
export interface InstancePolicyRecord {
  host: string;
  policy: InstancePolicy;
  reason: string;
  /** The moderator who set the policy in force. */
  set_by: Id | null;
  created_at: string;
  /** When the policy in force was set (the list's `since`). */
  updated_at: string;
}

export interface ConversationRecord {
  id: Id;
  participant_one_id: Id;
  participant_two_id: Id;
  created_at: string;
}

/** A session's details, beside `MockData.sessions` (token → member), by the same token. */
export interface SessionRecord {
  id: Id;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
}

/** Sign in with another account (1.2): a provider's account linked to a member. */
export interface IdentityRecord {
  id: Id;
  user_id: Id;
  /** The provider's id, as the operator configured it. */
  provider: string;
  /** The provider's `sub` for the person: accounts link by it, never by email. */
  subject: string;
  created_at: string;
}

/**
 * The outcome of a provider's callback, waiting for POST /api/auth/oidc/complete. On the server
 * it hides behind an HttpOnly cookie; the mocks have one browser, so the store holds the one
 * ticket its cookie would name.
 */
export interface OidcTicketRecord {
  provider: string;
  subject: string;
  claims: {
    preferred_username?: string | null;
    nickname?: string | null;
    name?: string | null;
    email?: string | null;
    email_verified?: boolean;
  };
  expires_at: number;
}

/** Connected apps (Mastodon client API 1.2): an app registered with POST /api/v1/apps. */
export interface OauthAppRecord {
  id: Id;
  client_id: string;
  name: string;
  website: string | null;
  /** Exactly as registered; OAUTH_OUT_OF_BAND for an app without an address of its own. */
  redirect_uris: string[];
  scopes: string[];
  created_at: string;
}

/** An app a member authorized, while it holds a token of theirs. */
export interface ConnectedAppRecord {
  user_id: Id;
  app_id: Id;
  scopes: string[];
  authorized_at: string;
  last_used_at: string;
}

/** A decision's one-use ticket, waiting for the consent page's form (POST /oauth/authorize). */
export interface OauthTicketRecord {
  ticket: string;
  user_id: Id;
  app_id: Id;
  decision: 'approve' | 'deny';
  redirect_uri: string;
  scopes: string[];
  state: string | null;
  expires_at: number;
}

/** A password reset link's token, as mailed (the server keeps only its hash). */
export interface PasswordResetRecord {
  token: string;
  user_id: Id;
  expires_at: string;
  /** Used, or voided by a newer request. */
  spent: boolean;
}

/** A mail the mock server "sent": the mocks send nothing, stories and tests read these. */
export interface MockMail {
  id: Id;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries (a reset link). */
  link: string;
  created_at: string;
}

export interface MockData {
  users: UserRecord[];
  posts: PostRecord[];
  follows: { follower_id: Id; followed_id: Id; created_at: string }[];
  /** Private accounts (1.2): follows waiting for the private member's answer. */
  followRequests: { requester_id: Id; target_id: Id; created_at: string }[];
  likes: { user_id: Id; post_id: Id; created_at: string }[];
  bookmarks: { id: Id; user_id: Id; post_id: Id; created_at: string }[];
  notifications: NotificationRecord[];
  conversations: ConversationRecord[];
  messages: MessageRecord[];
  reports: ReportRecord[];
  /** Every moderation action, oldest first. */
  moderationLog: ModerationLogRecord[];
  /** Other servers silenced or suspended, by host. */
  instancePolicies: InstancePolicyRecord[];
  supportRequests: { id: Id; user_id: Id; subject: string; description: string }[];
  /** Safety (1.1): who blocks whom, who mutes whom, and each member's muted words. */
  blocks: { blocker_id: Id; blocked_id: Id; created_at: string }[];
  mutes: { muter_id: Id; muted_id: Id; created_at: string }[];
  mutedWords: { id: Id; user_id: Id; word: string; created_at: string }[];
  /** token → user id */
  sessions: Record<string, Id>;
  /** token → when and from where the session started (account sessions list). */
  sessionDetails: Record<string, SessionRecord>;
  /** Sign in with another account (1.2): linked provider accounts, and the pending callback. */
  identities: IdentityRecord[];
  oidcTicket: OidcTicketRecord | null;
  /** Connected apps (1.2): registered apps, the apps members authorized, and pending tickets. */
  oauthApps: OauthAppRecord[];
  connectedApps: ConnectedAppRecord[];
  oauthTickets: OauthTicketRecord[];
  passwordResets: PasswordResetRecord[];
  /** When each password reset was asked for (the hourly limits), oldest first. */
  passwordResetRequests: { email: string; at: number }[];
  outbox: MockMail[];
  /** `author id:Idempotency-Key` → the whisp that key already made. */
  idempotencyKeys: Record<string, Id>;
  /** Uploaded files, served back at their `/media/…` path. */
  media: Record<string, { type: string; body: Blob }>;
  /** `/media/…` path → its kind, size, preview and placeholder (absent: only its name is known). */
  mediaDetails: Record<string, MediaDetails>;
  /** Who uploaded which file for whisps: a whisp may only show its author's uploads. */
  postMedia: { user_id: Id; key: string; kind: 'image' | 'video' }[];
  /** Composer (1.2): polls and their votes, earlier versions of edited whisps, scheduled whisps. */
  polls: PollRecord[];
  pollVotes: PollVoteRecord[];
  postVersions: PostVersionRecord[];
  scheduledPosts: ScheduledPostRecord[];
}

export function emptyData(): MockData {
  return {
    users: [],
    posts: [],
    follows: [],
    followRequests: [],
    likes: [],
    bookmarks: [],
    notifications: [],
    conversations: [],
    messages: [],
    reports: [],
    moderationLog: [],
    instancePolicies: [],
    supportRequests: [],
    blocks: [],
    mutes: [],
    mutedWords: [],
    sessions: {},
    sessionDetails: {},
    identities: [],
    oidcTicket: null,
    oauthApps: [],
    connectedApps: [],
    oauthTickets: [],
    passwordResets: [],
    passwordResetRequests: [],
    outbox: [],
    idempotencyKeys: {},
    media: {},
    mediaDetails: {},
    postMedia: [],
    polls: [],
    pollVotes: [],
    postVersions: [],
    scheduledPosts: [],
  };
}

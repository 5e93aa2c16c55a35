import type { Kysely } from 'kysely';
import type { LiveEventPublisher } from '../../events/live-event.js';
import type { DatabaseSchema } from '../schema.js';
import { createAccountsRepository } from './accounts.js';
import { createConversationsRepository } from './conversations.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { createFeedsRepository } from './feeds.js';
import { createFollowsRepository } from './follows.js';
import { createIdentitiesRepository } from './identities.js';
import { createInstanceUsageRepository } from './instance-usage.js';
import { createInstancesRepository } from './instances.js';
import { createInteractionsRepository } from './interactions.js';
import { createMailQueueRepository } from './mail-queue.js';
import { createMastodonRepository } from './mastodon.js';
import { createMastodonConversationsRepository } from './mastodon-conversations.js';
import { createMastodonFiltersRepository } from './mastodon-filters.js';
import { createMastodonListsRepository } from './mastodon-lists.js';
import { createMastodonMarkersRepository } from './mastodon-markers.js';
import { createMastodonMediaRepository } from './mastodon-media.js';
import { createMastodonRelationshipsRepository } from './mastodon-relationships.js';
import { createMastodonReportsRepository } from './mastodon-reports.js';
import { createMastodonScheduledRepository } from './mastodon-scheduled.js';
import { createMastodonStreamingRepository } from './mastodon-streaming.js';
import { createMessagesRepository } from './messages.js';
import { createModerationRepository } from './moderation.js';
import { createNotificationsRepository } from './notifications.js';
import { createOauthAppsRepository } from './oauth-apps.js';
import { createOauthGrantsRepository } from './oauth-grants.js';
import { createOidcFlowsRepository } from './oidc-flows.js';
import { createPollEndingsRepository } from './poll-endings.js';
import { createPollsRepository } from './polls.js';
import { createPostsRepository } from './posts.js';
import { createSafetyRepository } from './safety.js';
import { createScheduledPostsRepository } from './scheduled-posts.js';
import { createSearchRepository } from './search.js';
import { createSessionsRepository } from './sessions.js';
import { createSupportRepository } from './support.js';
import { createThreadsRepository } from './threads.js';
import { createUsersRepository, type MemberChanged } from './users.js';

export interface RepositoryOptions {
  /** Hears of notifications and messages once their transaction has committed. */
  liveEvents?: LiveEventPublisher;
  /** Hears of a member whose sessions or profile changed (cached sign-ins are stale). */
  memberChanged?: MemberChanged;
  /** Where statements planned for their values run (Database.kyselyPlannedPerCall). */
  plannedPerCall?: Kysely<DatabaseSchema>;
  /** WHISP_ADMIN_EMAILS, lower case: these members are admins whatever their stored role. */
  adminEmails?: readonly string[];
  /** Hears of what local members did that other servers must learn (federation). */
  federatedChanges?: FederatedChanges;
}

export function createRepositories(
  db: Kysely<DatabaseSchema>,
  {
    liveEvents,
    memberChanged,
    plannedPerCall = db,
    adminEmails = [],
    federatedChanges = new FederatedChangesRelay(),
  }: RepositoryOptions = {},
) {
  // Likes, follows, rewhisps and whisps record their notifications in their own transaction.
  const notifications = createNotificationsRepository(db, liveEvents);
  const posts = createPostsRepository(db, notifications, federatedChanges);
  return {
    users: createUsersRepository(db, memberChanged, adminEmails, federatedChanges),
    sessions: createSessionsRepository(db, memberChanged),
    follows: createFollowsRepository(db, notifications, memberChanged, federatedChanges),
    posts,
    // Published through `posts`, in the transaction that removes them (src/jobs/).
    scheduledPosts: createScheduledPostsRepository(db, posts, notifications, federatedChanges),
    pollEndings: createPollEndingsRepository(db, notifications),
    polls: createPollsRepository(db, federatedChanges),
    threads: createThreadsRepository(db),
    feeds: createFeedsRepository(db),
    interactions: createInteractionsRepository(db, notifications, federatedChanges),
    search: createSearchRepository(plannedPerCall, db),
    notifications,
    conversations: createConversationsRepository(db),
    messages: createMessagesRepository(db, notifications),
    support: createSupportRepository(db),
    moderation: createModerationRepository(db, notifications, memberChanged, adminEmails),
    safety: createSafetyRepository(db, memberChanged, federatedChanges),
    accounts: createAccountsRepository(db, memberChanged),
    mailQueue: createMailQueueRepository(db),
    identities: createIdentitiesRepository(db),
    oidcFlows: createOidcFlowsRepository(db),
    instanceUsage: createInstanceUsageRepository(db),
    instances: createInstancesRepository(db, memberChanged),
    oauthApps: createOauthAppsRepository(db),
    oauthGrants: createOauthGrantsRepository(db, memberChanged),
    mastodonRelationships: createMastodonRelationshipsRepository(db),
    mastodon: createMastodonRepository(db),
    mastodonMedia: createMastodonMediaRepository(db),
    mastodonScheduled: createMastodonScheduledRepository(db),
    mastodonMarkers: createMastodonMarkersRepository(db),
    mastodonLists: createMastodonListsRepository(db),
    mastodonConversations: createMastodonConversationsRepository(db),
    mastodonStreaming: createMastodonStreamingRepository(db),
    mastodonFilters: createMastodonFiltersRepository(db, memberChanged),
    mastodonReports: createMastodonReportsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

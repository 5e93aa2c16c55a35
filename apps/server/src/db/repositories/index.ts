import type { Kysely } from 'kysely';
import type { LiveEventPublisher } from '../../events/live-event.js';
import type { DatabaseSchema } from '../schema.js';
import { createConversationsRepository } from './conversations.js';
import { createFeedsRepository } from './feeds.js';
import { createFollowsRepository } from './follows.js';
import { createInteractionsRepository } from './interactions.js';
import { createMessagesRepository } from './messages.js';
import { createNotificationsRepository } from './notifications.js';
import { createPostsRepository } from './posts.js';
import { createSearchRepository } from './search.js';
import { createSessionsRepository } from './sessions.js';
import { createSupportRepository } from './support.js';
import { createUsersRepository, type MemberChanged } from './users.js';

export interface RepositoryOptions {
  /** Hears of notifications and messages once their transaction has committed. */
  liveEvents?: LiveEventPublisher;
  /** Hears of a member whose sessions or profile changed (cached sign-ins are stale). */
  memberChanged?: MemberChanged;
  /** Where statements planned for their values run (Database.kyselyPlannedPerCall). */
  plannedPerCall?: Kysely<DatabaseSchema>;
}

export function createRepositories(
  db: Kysely<DatabaseSchema>,
  { liveEvents, memberChanged, plannedPerCall = db }: RepositoryOptions = {},
) {
  // Likes, follows, rewhisps and whisps record their notifications in their own transaction.
  const notifications = createNotificationsRepository(db, liveEvents);
  return {
    users: createUsersRepository(db, memberChanged),
    sessions: createSessionsRepository(db, memberChanged),
    follows: createFollowsRepository(db, notifications, memberChanged),
    posts: createPostsRepository(db, notifications),
    feeds: createFeedsRepository(db),
    interactions: createInteractionsRepository(db, notifications),
    search: createSearchRepository(plannedPerCall),
    notifications,
    conversations: createConversationsRepository(db),
    messages: createMessagesRepository(db, notifications),
    support: createSupportRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

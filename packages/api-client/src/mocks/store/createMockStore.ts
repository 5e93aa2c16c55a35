import type { Id } from '../../models.js';
import { defaultDataSet, emptyDataSet } from '../seed.js';
import { defaultOidcProviders } from '../seed-identities.js';
import { createAccountOperations } from './account.js';
import { createConnectedAppOperations } from './connectedApps.js';
import { createContext, type LiveEventListener } from './context.js';
import { createFeedOperations } from './feeds.js';
import { createIdentityOperations, type MockOidcProvider } from './identities.js';
import { createInboxOperations } from './inbox.js';
import { createInstanceOperations } from './instances.js';
import { createModerationOperations } from './moderation.js';
import { createPeopleOperations } from './people.js';
import { createPostOperations } from './posts.js';
import { createPreferencesOperations } from './preferences.js';
import { createPrivacyOperations } from './privacy.js';
import type { MockData } from './records.js';
import { createSafetyOperations } from './safety.js';
import { createScheduledOperations } from './scheduled.js';
import { createShapes, type Shapes } from './shapes.js';
import { createThreadOperations } from './threads.js';

export type MockDataSetName = 'default' | 'empty';

export interface MockStoreOptions {
  data?: MockDataSetName | MockData;
  /** Varies the seeded likes and follows; the same seed gives the same network. */
  seed?: number;
  /** The clock of new writes (tests pin it). */
  now?: () => Date;
  /** The sign-in providers configured (default: "Example ID"); kept when the data is reset. */
  oidcProviders?: MockOidcProvider[];
}

/**
 * The mock server's state: a small in-memory database with the server's rules (idempotent toggles,
 * counts from rows, notifications as side effects, live events), shared by all mock handlers.
 */
export function createMockStore(options: MockStoreOptions = {}) {
  const seed = options.seed ?? 1;
  // How far a test or story moved the clock on (advanceClock): polls end, scheduled whisps come due.
  let skipped = 0;
  const clock = () => new Date((options.now?.() ?? new Date()).getTime() + skipped);
  const load = (source: MockDataSetName | MockData = 'default') =>
    typeof source === 'object'
      ? source
      : source === 'empty'
        ? emptyDataSet()
        : defaultDataSet(seed, clock().getTime());
  let data = load(options.data);
  let shapes: Shapes = createShapes(data, () => clock().getTime());
  const listeners = new Map<Id, Set<LiveEventListener>>();
  const context = createContext(
    () => data,
    () => shapes,
    { now: clock, pinned: options.now !== undefined, listeners },
  );
  const postOperations = createPostOperations(context);
  const scheduledOperations = createScheduledOperations(context, postOperations);

  return {
    get data() {
      return data;
    },
    /** Replaces every table, e.g. with the empty data set or a test's own. */
    reset(source: MockDataSetName | MockData = 'default') {
      data = load(source);
      shapes = createShapes(data, () => clock().getTime());
    },
    /** Moves the mock server's clock on by `ms` (a poll's end, a scheduled whisp's time). */
    advanceClock(ms: number) {
      skipped += ms;
    },
    /**
     * What the server's jobs do on their own within a minute: announce ended polls and publish
     * scheduled whisps that came due. Every mock request runs it before it is answered.
     */
    runDueWork() {
      scheduledOperations.publishDueScheduled();
      postOperations.announceEndedPolls();
    },
    viewer: context.viewer,
    /** The mock server's clock, in ms (pinned when the store was made with `now`). */
    now: () => Date.parse(context.now()),
    unreadCounts: context.unreadCounts,
    shapes: () => shapes,
    /** Live events for one member (what GET /api/events streams); returns the unsubscribe. */
    subscribe(userId: Id, listener: LiveEventListener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => set.delete(listener);
    },
    ...createPeopleOperations(context),
    ...createPrivacyOperations(context),
    ...createPreferencesOperations(context),
    ...postOperations,
    ...scheduledOperations,
    ...createThreadOperations(context),
    ...createFeedOperations(context),
    ...createInboxOperations(context),
    ...createSafetyOperations(context),
    ...createAccountOperations(context),
    ...createIdentityOperations(context, options.oidcProviders ?? defaultOidcProviders()),
    ...createConnectedAppOperations(context),
    ...createModerationOperations(context, postOperations),
    ...createInstanceOperations(context),
  };
}

export type MockStore = ReturnType<typeof createMockStore>;

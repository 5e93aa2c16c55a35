import fp from 'fastify-plugin';
import { createSessionCache, type SessionCache } from '../auth/session-cache.js';
import { EVERY_MEMBER } from '../db/repositories/users.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache & {
      /**
       * After a member's sessions, profile, follows or visibility filters changed: this instance
       * forgets them at once (everyone, for EVERY_MEMBER), and the call resolves when every other
       * instance has been told too.
       */
      memberChanged(memberId: string): Promise<void>;
    };
  }
}

// A minute bounds what an unannounced change (by hand in the database) can go unseen for;
// 20,000 members signed in at once take a few megabytes.
const SESSION_CACHE_TTL_MS = 60_000;
const SESSION_CACHE_MAX_ENTRIES = 20_000;

/**
 * The sign-in check's cache (../auth/session-cache.ts), kept true across instances by the live
 * event bus: a `member` event makes every instance forget that member's cached sessions, and
 * while the bus may be missing events the cache is not used at all.
 */
export const sessionCachePlugin = fp(
  async (app) => {
    const { bus } = app.liveEvents;
    const cache = createSessionCache({
      ttlMs: SESSION_CACHE_TTL_MS,
      maxEntries: SESSION_CACHE_MAX_ENTRIES,
    });
    const forget = (memberId: string) =>
      memberId === EVERY_MEMBER ? cache.clear() : cache.forgetMember(memberId);
    const unsubscribe = bus.subscribe((event) => {
      if (event.kind === 'member') forget(event.memberId);
    });
    // What was announced while the bus was away is unknown: start again from the database.
    const stopResync = bus.onResync(() => cache.clear());

    app.decorate('sessionCache', {
      get size() {
        return cache.size;
      },
      get: (tokenHash: string) => (bus.isListening() ? cache.get(tokenHash) : undefined),
      load: cache.load,
      forgetMember: cache.forgetMember,
      clear: cache.clear,
      async memberChanged(memberId: string) {
        forget(memberId);
        await bus.publish([{ memberId, kind: 'member' }]);
      },
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      stopResync();
    });
  },
  { name: 'session-cache', dependencies: ['live-events'] },
);

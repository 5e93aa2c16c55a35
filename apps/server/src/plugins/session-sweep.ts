import fp from 'fastify-plugin';
import { DatabaseKvStore } from '../federation/kv-store.js';

/**
 * Deletes ended sessions (expired, or signed out) now and then, so the sessions table holds the
 * sessions that can still sign someone in and not every sign-in there ever was; password reset
 * links past their hour go too, app authorizations past their minutes, and the federation
 * store's expired entries. Every instance
 * sweeps; the deletes are idempotent, so two at once only share the work.
 */
export const sessionSweepPlugin = fp<{ firstAfterMs: number; everyMs: number }>(
  async (app, { firstAfterMs, everyMs }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closing = false;

    const sweep = async () => {
      try {
        const deleted = await app.repositories.sessions.deleteEnded();
        if (deleted > 0) app.log.info({ deleted }, 'deleted ended sessions');
        const expiredLinks = await app.repositories.accounts.deleteExpiredResetTokens();
        if (expiredLinks > 0)
          app.log.info({ expiredLinks }, 'deleted expired password reset links');
        const authorizations = await app.repositories.oauthGrants.deleteExpired();
        if (authorizations > 0)
          app.log.info({ authorizations }, 'deleted ended app authorizations');
        // Fedify's store keeps each activity id it received (for a day) and the documents it
        // fetched: read as gone once expired, but only deleted here.
        const federationEntries = await new DatabaseKvStore(app.database.kysely).deleteExpired();
        if (federationEntries > 0)
          app.log.info({ federationEntries }, 'deleted expired federation store entries');
      } catch (error) {
        // The database may be away for a moment; the next sweep catches up.
        app.log.warn({ err: error }, 'could not delete ended sessions');
      }
      schedule(everyMs);
    };
    const schedule = (delayMs: number) => {
      if (closing) return;
      timer = setTimeout(() => {
        running = sweep();
      }, delayMs);
      // A pending sweep never keeps the process alive.
      timer.unref();
    };

    app.addHook('onReady', async () => schedule(firstAfterMs));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      // A sweep under way finishes before the database it uses is closed.
      await running;
    });
  },
  { name: 'session-sweep', dependencies: ['repositories', 'database'] },
);

import fp from 'fastify-plugin';
import { finishMediaRemovals } from '../account-data/media-files.js';

// Once the server is ready, and every hour, as the session sweep does.
const EVERY_MS = 60 * 60 * 1000;

/**
 * Finishes file removals that an account deletion recorded but did not get to (the process
 * stopped between its commit and the files): at every start, then hourly. The removals are
 * idempotent, so several instances sweeping at once only share the work.
 */
export const mediaRemovalsPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closing = false;

    const sweep = async () => {
      try {
        const removed = await finishMediaRemovals(app.database.kysely, app.mediaStorage);
        if (removed > 0) app.log.info({ removed }, 'removed media files of deleted accounts');
      } catch (error) {
        // The database may be away for a moment; the next sweep catches up.
        app.log.warn({ err: error }, 'could not remove media files of deleted accounts');
      }
      schedule(EVERY_MS);
    };
    const schedule = (delayMs: number) => {
      if (closing) return;
      timer = setTimeout(() => {
        running = sweep();
      }, delayMs);
      timer.unref();
    };

    app.addHook('onReady', async () => schedule(0));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'media-removals', dependencies: ['database', 'media-storage'] },
);

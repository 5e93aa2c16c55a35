import fp from 'fastify-plugin';
import { createInProcessBus, type EventBus } from '../events/bus.js';
import { createLiveEventHub, type LiveEventHub, readSequenceHighWaterMark } from '../events/hub.js';
import { createPostgresBus } from '../events/postgres-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: { bus: EventBus; hub: LiveEventHub };
  }
}

// api.md: a heartbeat at least every 30 seconds; proxies commonly drop a silent connection at 60.
export const DEFAULT_HEARTBEAT_MS = 25_000;

export interface LiveEventsOptions {
  /** A bus shared with other apps in this process; by default each app makes its own. */
  bus?: EventBus;
  heartbeatMs?: number;
  /** PostgreSQL to LISTEN on; without it the bus stays in this process (embedded database). */
  databaseUrl?: string | undefined;
}

/**
 * The event bus (in process, or PostgreSQL LISTEN/NOTIFY shared by every instance) and the hub of
 * this instance's open event streams. Registered before the repositories, which publish to it.
 */
export const liveEventsPlugin = fp<LiveEventsOptions>(
  async (app, options) => {
    const bus =
      options.bus ??
      (app.database.kind === 'postgres' && options.databaseUrl
        ? await createPostgresBus({
            connectionString: options.databaseUrl,
            kysely: app.database.kysely,
            log: app.log,
          })
        : createInProcessBus());
    const hub = createLiveEventHub({
      bus,
      repositories: () => app.repositories,
      readHighWaterMark: () => readSequenceHighWaterMark(app.database.kysely),
      heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      log: app.log,
      publicUrl: app.publicUrl,
    });
    app.decorate('liveEvents', { bus, hub });
    // Before the server stops accepting and waits for open connections: streams never end by
    // themselves, so they would hold a SIGTERM shutdown (and app.close() in tests) forever.
    app.addHook('preClose', async () => {
      hub.close();
    });
    app.addHook('onClose', async () => {
      if (!options.bus) await bus.close();
    });
  },
  { name: 'live-events', dependencies: ['database', 'public-url'] },
);

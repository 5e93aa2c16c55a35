import { type App, buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { createInProcessBus } from '../src/events/bus.js';
import { openMigratedTestDatabase, postgresUrl } from './helpers.js';

export interface TwoInstances {
  a: App;
  b: App;
  /** The configuration both run with (one data directory: one outbox of mail). */
  config: Config;
  /** Closes both instances, then the database. */
  close(): Promise<void>;
}

export interface TwoInstancesOptions {
  /**
   * One in-process bus even on PostgreSQL, for tests of what the instances do with an event
   * rather than of how it travels between them.
   */
  inProcessBus?: boolean;
  /** Settings both instances run with, over the test database's. */
  config?: Partial<Config>;
}

/**
 * Two instances of the app on one migrated database, as behind a load balancer. On PostgreSQL
 * each listens on its own connection (LISTEN/NOTIFY, as in production); on the embedded database,
 * which one process holds, they share one in-process bus.
 */
export async function openTwoInstances(options: TwoInstancesOptions = {}): Promise<TwoInstances> {
  const testDatabase = await openMigratedTestDatabase();
  const bus = createInProcessBus();
  const sharedBus = options.inProcessBus || !postgresUrl;
  const config = { ...testDatabase.config, ...options.config };
  const build = () =>
    buildApp({
      config,
      database: testDatabase.database,
      ...(sharedBus ? { liveEvents: { bus } } : {}),
    });
  const a = await build();
  const b = await build();
  return {
    a,
    b,
    config,
    async close() {
      await a.close();
      await b.close();
      await testDatabase.destroy();
    },
  };
}

/**
 * How long the other instance may take to hear of a change: on one bus it hears before the change
 * is answered; through PostgreSQL the notification is queued for it by then but arrives on its
 * listening connection a moment later.
 */
const NOTIFICATION_MOMENT_MS = postgresUrl ? 2_000 : 0;

/**
 * Reads on the other instance until `holds` is true of what it read or the notification's moment
 * has passed, and returns the last read for the test to check.
 */
export async function readOnOtherInstance<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + NOTIFICATION_MOMENT_MS;
  let value = await read();
  while (!holds(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

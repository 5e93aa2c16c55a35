import type { AddressInfo } from 'node:net';
import { type App, buildApp } from '../../../src/app.js';
import type { Config } from '../../../src/config.js';
import type { Database } from '../../../src/db/database.js';
import type { EventBus } from '../../../src/events/bus.js';
import type { LogDestination } from '../../../src/logger.js';
import { openMigratedTestDatabase } from '../../helpers.js';

export interface LiveAppOptions {
  heartbeatMs?: number;
  bus?: EventBus;
  /** Also turns logging on (at info), so a test can read what would be logged. */
  logDestination?: LogDestination;
}

/** The real app listening on a free port of this machine, as a browser would reach it. */
export async function listen(config: Config, database: Database, options: LiveAppOptions = {}) {
  const app = await buildApp({
    config: options.logDestination ? { ...config, logLevel: 'info' } : config,
    database,
    logDestination: options.logDestination,
    liveEvents: { heartbeatMs: options.heartbeatMs, bus: options.bus },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

export interface LiveTestApp {
  app: App;
  baseUrl: string;
  database: Database;
  close(): Promise<void>;
}

/** A migrated database of its own and the app on it, listening. */
export async function createLiveTestApp(options: LiveAppOptions = {}): Promise<LiveTestApp> {
  const testDatabase = await openMigratedTestDatabase();
  const { app, baseUrl } = await listen(testDatabase.config, testDatabase.database, options);
  return {
    app,
    baseUrl,
    database: testDatabase.database,
    async close() {
      await app.close();
      await testDatabase.destroy();
    },
  };
}

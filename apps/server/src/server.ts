import type { AddressInfo } from 'node:net';
import { type App, buildApp } from './app.js';
import {
  type Config,
  ConfigError,
  DEFAULT_PASSWORD_HASH_MEMORY_MIB,
  loadConfig,
} from './config.js';
import { createDatabase } from './db/create-database.js';
import { DataDirectoryLockedError } from './db/data-dir-lock.js';
import type { Database, DatabaseLogger } from './db/database.js';
import { runMigrations } from './db/migrate.js';
import { loadDemoOnFirstStart } from './demo/startup.js';
import { trackIdleConnections } from './http/idle-connections.js';

// api.md promises an exit within 10 seconds of SIGTERM; orchestrators kill hard soon after.
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function start() {
  const config = loadConfig();

  // The app's logger exists only once the app does; the database may need to warn before that.
  let log: DatabaseLogger = { warn: (details, message) => console.warn(message, details) };
  const database = await createDatabase(config, {
    warn: (details, message) => log.warn(details, message),
  });

  let app: App | undefined;
  try {
    const applied = await runMigrations(database);
    app = await buildApp({ config, database });
    log = app.log;
    await loadDemoOnFirstStart({ config, database, storage: app.mediaStorage, log: app.log });
    app.log.info(
      { database: database.kind, dataDir: config.dataDir, migrationsApplied: applied },
      database.kind === 'embedded'
        ? `Using the embedded database in ${config.dataDir}`
        : 'Using PostgreSQL from DATABASE_URL',
    );
    if (config.passwordHashMemoryMiB < DEFAULT_PASSWORD_HASH_MEMORY_MIB) {
      app.log.warn(
        { passwordHashMemoryMiB: config.passwordHashMemoryMiB },
        `WHISP_PASSWORD_HASH_MEMORY is below ${DEFAULT_PASSWORD_HASH_MEMORY_MIB} MiB: passwords set now are cheaper to crack. It is meant for test suites only.`,
      );
    }
    if (process.env.WHISP_PASSWORD_HASH_COST) {
      app.log.warn(
        'WHISP_PASSWORD_HASH_COST no longer has any effect: new passwords are hashed with Argon2id, whose cost is WHISP_PASSWORD_HASH_MEMORY (MiB).',
      );
    }
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }

  app.log.info(`Whisp is running at ${publicUrl(app, config)}`);
  stopGracefullyOnSignals(app, database);
}

function publicUrl(app: App, config: Config) {
  const { port } = app.server.address() as AddressInfo;
  const anyAddress = config.host === '0.0.0.0' || config.host === '::';
  const host = anyAddress
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

function stopGracefullyOnSignals(app: App, database: Database) {
  let stopping = false;
  // Called right after listen resolved, before any connection event can be delivered.
  const connections = trackIdleConnections(app.server);

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // Someone pressing Ctrl+C twice wants out now, not in ten seconds.
      app.log.warn({ signal }, 'Second signal received: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'Stopping: finishing the requests in flight');

    const deadline = setTimeout(() => {
      app.log.error(`Requests still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);

    try {
      connections.startDraining();
      // Still listening: what clients sent before the signal is accepted and read first.
      await connections.settle();
      const closing = app.close();
      connections.closeIdle();
      await closing;
      await database.close();
      clearTimeout(deadline);
      app.log.info('Whisp stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Whisp could not stop cleanly');
      process.exit(1);
    }
  };

  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

try {
  await start();
} catch (error) {
  // These explain themselves to the person starting the server; a stack trace would bury that.
  const expected = error instanceof ConfigError || error instanceof DataDirectoryLockedError;
  console.error(`Whisp could not start. ${expected ? (error as Error).message : ''}`);
  if (!expected) console.error(error);
  process.exit(1);
}

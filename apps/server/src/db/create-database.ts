import type { Config } from '../config.js';
import type { Database, DatabaseLogger } from './database.js';
import { openEmbeddedDatabase } from './embedded.js';
import { openPostgresDatabase } from './postgres.js';

export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in WHISP_DATA_DIR. */
export function createDatabase(
  config: DatabaseConfig,
  logger: DatabaseLogger = console,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, logger)
    : openEmbeddedDatabase(config.dataDir);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts the real Whisp server from apps/server in this process, on an embedded database in a
 * new temporary directory, listening on a free port. Loaded by path at run time (not imported
 * statically) so this package's type-check does not depend on the server's sources.
 */
const serverSource = (file: string) =>
  new URL(`../../../../apps/server/src/${file}`, import.meta.url).href;

interface ServerConfig {
  dataDir: string;
  passwordHashMemoryMiB: number;
  [key: string]: unknown;
}

interface ServerModules {
  buildApp(options: { config: ServerConfig; database: unknown }): Promise<{
    listen(options: { port: number; host: string }): Promise<string>;
    close(): Promise<void>;
  }>;
  loadConfig(environment: Record<string, string | undefined>): ServerConfig;
  createDatabase(
    config: ServerConfig,
    logger?: { warn(): void },
  ): Promise<{ close(): Promise<void> }>;
  runMigrations(database: unknown): Promise<unknown>;
}

export interface RealServer {
  url: string;
  stop(): Promise<void>;
}

export async function startRealServer(): Promise<RealServer> {
  const modules = {
    ...(await import(/* @vite-ignore */ serverSource('app.ts'))),
    ...(await import(/* @vite-ignore */ serverSource('config.ts'))),
    ...(await import(/* @vite-ignore */ serverSource('db/create-database.ts'))),
    ...(await import(/* @vite-ignore */ serverSource('db/migrate.ts'))),
  } as ServerModules;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'whisp-contract-'));
  const config: ServerConfig = {
    ...modules.loadConfig({
      WHISP_DATA_DIR: dataDir,
      WHISP_DEMO: 'off',
      LOG_LEVEL: 'silent',
      WHISP_STATIC_DIR: path.join(dataDir, 'no-web-app'),
    }),
    // The production cost (19 MiB of Argon2id) makes every sign-up take a visible moment; the
    // contract is the same.
    passwordHashMemoryMiB: 1,
  };
  const database = await modules.createDatabase(config, { warn() {} });
  await modules.runMigrations(database);
  const app = await modules.buildApp({ config, database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async stop() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

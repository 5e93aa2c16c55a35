import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { inSchema, postgresUrl, runAsAdmin } from '../helpers.js';

/**
 * The services several instances share. CI always runs PostgreSQL and Redis, so tests that need
 * them fail with a message saying so rather than skip where they are missing.
 */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function connectTestRedis() {
  const redis = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `This test needs Redis at ${testRedisUrl} (set REDIS_URL to use another): ${(error as Error).message}`,
    );
  }
  return redis;
}

/** Deletes every key under a prefix of a test's own. */
export async function deleteRedisKeys(redis: Redis, prefix: string) {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

export interface SharedPostgres {
  /** What every instance puts in DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty place on PostgreSQL for one test: a schema of its own on DATABASE_URL's server when it
 * is set (CI's PostgreSQL pass), otherwise a database of its own on the local server.
 */
export async function createSharedPostgres(): Promise<SharedPostgres> {
  const name = `whisp_scale_out_${randomBytes(6).toString('hex')}`;
  if (postgresUrl) {
    const serverUrl = postgresUrl;
    await runAsAdmin(serverUrl, `create schema ${name}`);
    return {
      url: inSchema(serverUrl, name),
      drop: () => runAsAdmin(serverUrl, `drop schema ${name} cascade`),
    };
  }
  try {
    await runAsAdmin(localPostgresUrl, `create database ${name}`);
  } catch (error) {
    throw new Error(
      `This test needs PostgreSQL: set DATABASE_URL, or run one at ${localPostgresUrl} that lets postgres create databases: ${(error as Error).message}`,
    );
  }
  const url = new URL(localPostgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: an instance killed mid-test may leave a connection behind.
    drop: () => runAsAdmin(localPostgresUrl, `drop database if exists ${name} with (force)`),
  };
}

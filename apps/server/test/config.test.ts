import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_PASSWORD_HASH_COST,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SESSION_LIFETIME_MS,
  loadConfig,
} from '../src/config.js';

const fixedDefaults = {
  passwordHashCost: DEFAULT_PASSWORD_HASH_COST,
  sessionLifetimeMs: DEFAULT_SESSION_LIFETIME_MS,
  rateLimits: DEFAULT_RATE_LIMITS,
};

const serverDir = path.resolve(import.meta.dirname, '..');

describe('loadConfig', () => {
  it('runs with no settings at all', () => {
    const config = loadConfig({});

    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      trustProxy: false,
      demo: true,
      logLevel: 'info',
      staticDir: path.resolve(serverDir, '../whisp/dist'),
      ...fixedDefaults,
    });
  });

  it('resolves a relative data directory against where pnpm was started', () => {
    const config = loadConfig({ INIT_CWD: '/srv/whisp', WHISP_DATA_DIR: './data' });

    expect(config.dataDir).toBe('/srv/whisp/data');
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      WHISP_DATA_DIR: '/var/lib/whisp',
      DATABASE_URL: 'postgresql://whisp:secret@db:5432/whisp',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: 'true',
      WHISP_DEMO: 'off',
      LOG_LEVEL: 'warn',
      WHISP_STATIC_DIR: '/srv/web',
    });

    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/whisp',
      databaseUrl: 'postgresql://whisp:secret@db:5432/whisp',
      redisUrl: 'redis://cache:6379',
      trustProxy: true,
      demo: false,
      logLevel: 'warn',
      staticDir: '/srv/web',
      ...fixedDefaults,
    });
  });

  it('treats empty settings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', TRUST_PROXY: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      trustProxy: false,
    });
  });

  it('names every invalid setting in one error', () => {
    const load = () =>
      loadConfig({
        PORT: '70000',
        TRUST_PROXY: 'maybe',
        WHISP_DEMO: 'sometimes',
        LOG_LEVEL: 'loud',
      });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT="70000": expected a port number from 0 to 65535/);
    expect(load).toThrow(/TRUST_PROXY="maybe"/);
    expect(load).toThrow(/WHISP_DEMO="sometimes"/);
    expect(load).toThrow(/LOG_LEVEL="loud"/);
  });

  it('never repeats a connection string, which may hold a password, in its error', () => {
    const load = () => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/whisp' });

    expect(load).toThrow(/DATABASE_URL=\(value hidden\): expected a postgres:\/\/ URL/);
    expect(load).not.toThrow(/hunter2/);
  });
});

describe('fixed defaults', () => {
  it('hashes passwords at the OWASP scrypt cost and keeps sessions for 30 days', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(17);
    expect(DEFAULT_SESSION_LIFETIME_MS).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('limits as api.md says: 25 failed sign-ins in 5 minutes, 20 sign-ups an hour, 600 requests in 5 minutes', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      failedSignIns: { max: 25, windowMs: 300_000 },
      registrations: { max: 20, windowMs: 3_600_000 },
      authenticated: { max: 600, windowMs: 300_000 },
    });
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_ENDED_SESSIONS_SWEEP,
  DEFAULT_JOBS_POLL_INTERVAL_MS,
  DEFAULT_MAIL_POLL_INTERVAL_MS,
  DEFAULT_MAIL_RETRY,
  DEFAULT_PASSWORD_HASH_MEMORY_MIB,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SESSION_LIFETIME_MS,
  loadConfig,
  mediaDirectory,
} from '../src/config.js';

const fixedDefaults = {
  passwordHashMemoryMiB: DEFAULT_PASSWORD_HASH_MEMORY_MIB,
  sessionLifetimeMs: DEFAULT_SESSION_LIFETIME_MS,
  endedSessionsSweep: DEFAULT_ENDED_SESSIONS_SWEEP,
};

const serverDir = path.resolve(import.meta.dirname, '..');

const mailDefaults = { pollIntervalMs: DEFAULT_MAIL_POLL_INTERVAL_MS, retry: DEFAULT_MAIL_RETRY };

describe('loadConfig', () => {
  it('runs with no settings at all', () => {
    const config = loadConfig({});

    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(process.cwd(), 'data'),
      mediaDir: undefined,
      databaseUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'whisp:',
      corsOrigins: [],
      trustProxy: false,
      demo: true,
      logLevel: 'info',
      staticDir: path.resolve(serverDir, '../whisp/dist'),
      rateLimits: { ...DEFAULT_RATE_LIMITS, inboxDeliveries: undefined },
      metrics: { token: undefined, port: undefined },
      adminEmails: [],
      jobs: { pollIntervalMs: DEFAULT_JOBS_POLL_INTERVAL_MS },
      oidcProviders: [],
      federation: { enabled: false, allowPrivateAddress: false, remoteMedia: 'fetch' },
      mail: {
        publicUrl: 'http://localhost:3000',
        smtpUrl: undefined,
        from: 'Whisp <no-reply@localhost>',
        ...mailDefaults,
      },
      ...fixedDefaults,
    });
    expect(mediaDirectory(config)).toBe(path.resolve(process.cwd(), 'data', 'media'));
  });

  it('resolves a relative data directory against where pnpm was started', () => {
    const config = loadConfig({ INIT_CWD: '/srv/whisp', WHISP_DATA_DIR: './data' });

    expect(config.dataDir).toBe('/srv/whisp/data');
  });

  it('federates only from a public https:// address at the root of its domain', () => {
    const federation = (environment: Record<string, string>) => loadConfig(environment).federation;
    expect(federation({ WHISP_PUBLIC_URL: 'https://whisp.example' })).toEqual({
      enabled: true,
      allowPrivateAddress: false,
      remoteMedia: 'fetch',
    });
    expect(federation({ WHISP_PUBLIC_URL: 'https://whisp.example/social' }).enabled).toBe(false);
    expect(federation({ WHISP_PUBLIC_URL: 'http://whisp.example' }).enabled).toBe(false);
    expect(
      federation({ WHISP_PUBLIC_URL: 'https://whisp.example', WHISP_FEDERATION: 'off' }).enabled,
    ).toBe(false);
    expect(
      federation({
        WHISP_PUBLIC_URL: 'http://127.0.0.1:4000',
        WHISP_FEDERATION_ALLOW_PRIVATE: 'true',
      }),
    ).toEqual({ enabled: true, allowPrivateAddress: true, remoteMedia: 'fetch' });
    expect(() => federation({ WHISP_FEDERATION: 'maybe' })).toThrow(/WHISP_FEDERATION=/);
  });

  it('downloads remote media unless WHISP_REMOTE_MEDIA is off', () => {
    const remoteMedia = (value?: string) =>
      loadConfig({
        WHISP_PUBLIC_URL: 'https://whisp.example',
        ...(value === undefined ? {} : { WHISP_REMOTE_MEDIA: value }),
      }).federation.remoteMedia;
    expect(remoteMedia()).toBe('fetch');
    expect(remoteMedia('')).toBe('fetch');
    expect(remoteMedia('fetch')).toBe('fetch');
    expect(remoteMedia(' OFF ')).toBe('off');
    expect(() => remoteMedia('link')).toThrow(
      /WHISP_REMOTE_MEDIA="link": expected one of fetch, off/,
    );
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      WHISP_DATA_DIR: '/var/lib/whisp',
      WHISP_MEDIA_DIR: '/mnt/shared/whisp-media',
      DATABASE_URL: 'postgresql://whisp:secret@db:5432/whisp',
      REDIS_URL: 'redis://cache:6379',
      WHISP_REDIS_PREFIX: 'acme:',
      WHISP_CORS_ORIGINS: 'https://whisp.example',
      WHISP_RATE_LIMIT_REQUESTS: '1000/10m',
      WHISP_RATE_LIMIT_FAILED_SIGN_INS: '10/30s',
      WHISP_RATE_LIMIT_REGISTRATIONS: '5/1h',
      WHISP_PASSWORD_HASH_MEMORY: '12',
      WHISP_METRICS_TOKEN: 'a-long-enough-scrape-token',
      WHISP_METRICS_PORT: '9100',
      TRUST_PROXY: 'true',
      WHISP_DEMO: 'off',
      LOG_LEVEL: 'warn',
      WHISP_STATIC_DIR: '/srv/web',
      WHISP_PUBLIC_URL: 'https://acme.example/social/',
      WHISP_SMTP_URL: 'smtps://mailer:secret@smtp.acme.example:465',
      WHISP_MAIL_FROM: ' Acme Social <social@acme.example> ',
    });

    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/whisp',
      mediaDir: '/mnt/shared/whisp-media',
      databaseUrl: 'postgresql://whisp:secret@db:5432/whisp',
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'acme:',
      corsOrigins: ['https://whisp.example'],
      trustProxy: true,
      demo: false,
      logLevel: 'warn',
      staticDir: '/srv/web',
      rateLimits: {
        authenticated: { max: 1000, windowMs: 600_000 },
        failedSignIns: { max: 10, windowMs: 30_000 },
        registrations: { max: 5, windowMs: 3_600_000 },
        passwordResetsByEmail: DEFAULT_RATE_LIMITS.passwordResetsByEmail,
        passwordResetsByAddress: DEFAULT_RATE_LIMITS.passwordResetsByAddress,
      },
      metrics: { token: 'a-long-enough-scrape-token', port: 9100 },
      adminEmails: [],
      jobs: { pollIntervalMs: DEFAULT_JOBS_POLL_INTERVAL_MS },
      oidcProviders: [],
      federation: { enabled: false, allowPrivateAddress: false, remoteMedia: 'fetch' },
      mail: {
        publicUrl: 'https://acme.example/social',
        smtpUrl: 'smtps://mailer:secret@smtp.acme.example:465',
        from: 'Acme Social <social@acme.example>',
        ...mailDefaults,
      },
      ...fixedDefaults,
      passwordHashMemoryMiB: 12,
    });
    expect(mediaDirectory(config)).toBe('/mnt/shared/whisp-media');
  });

  it('resolves a relative media directory against where pnpm was started', () => {
    const config = loadConfig({ INIT_CWD: '/srv/whisp', WHISP_MEDIA_DIR: '../shared/media' });

    expect(config.mediaDir).toBe('/srv/shared/media');
  });

  it('takes each CORS origin in the form a browser sends it', () => {
    const config = loadConfig({
      WHISP_CORS_ORIGINS:
        ' https://whisp.example, http://localhost:5173/ ,HTTPS://Other.Example:443,',
    });

    expect(config.corsOrigins).toEqual([
      'https://whisp.example',
      'http://localhost:5173',
      'https://other.example',
    ]);
  });

  it.each([
    ['whisp.example', 'no scheme'],
    ['https://whisp.example/app', 'a path'],
    ['https://whisp.example?x=1', 'a query'],
    ['https://user:secret@whisp.example', 'credentials'],
    ['ftp://whisp.example', 'another scheme'],
    ['*', 'a wildcard'],
    ['null', 'the opaque origin'],
  ])('refuses a malformed CORS origin (%s: %s) and names it', (origin) => {
    const load = () => loadConfig({ WHISP_CORS_ORIGINS: `https://ok.example,${origin}` });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      `WHISP_CORS_ORIGINS=${JSON.stringify(`https://ok.example,${origin}`)}: ${JSON.stringify(origin)} is not an origin: expected scheme://host[:port]`,
    );
  });

  it.each(['600', '600 per 5m', '600/5', '600/5d', '0/5m', '10/0s', 'many/5m'])(
    'refuses a rate limit written %j and shows the form it wants',
    (value) => {
      const load = () => loadConfig({ WHISP_RATE_LIMIT_REQUESTS: value });

      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        `WHISP_RATE_LIMIT_REQUESTS=${JSON.stringify(value)}: expected <requests>/<window> with the window in s, m or h, such as 600/5m`,
      );
    },
  );

  it('refuses a Redis key prefix with a space in it', () => {
    expect(() => loadConfig({ WHISP_REDIS_PREFIX: 'acme whisp:' })).toThrow(
      'WHISP_REDIS_PREFIX="acme whisp:": expected a key prefix without spaces',
    );
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

  it('refuses a short or spaced metrics token without repeating it', () => {
    for (const token of ['short', 'has spaces in the middle of it']) {
      const load = () => loadConfig({ WHISP_METRICS_TOKEN: token });
      expect(load).toThrow(/WHISP_METRICS_TOKEN=\(value hidden\): expected at least 16 printable/);
      expect(load).not.toThrow(new RegExp(token));
    }
  });

  it('refuses a metrics port that is not a port, or is the main one', () => {
    expect(() => loadConfig({ WHISP_METRICS_PORT: '70000' })).toThrow(
      /WHISP_METRICS_PORT="70000": expected a port number from 1 to 65535, other than PORT/,
    );
    expect(() => loadConfig({ PORT: '8080', WHISP_METRICS_PORT: '8080' })).toThrow(
      /WHISP_METRICS_PORT="8080": expected a port number from 1 to 65535, other than PORT/,
    );
  });

  it('points mail links at the port the server listens on unless WHISP_PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '8080' }).mail.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ WHISP_PUBLIC_URL: 'https://whisp.example' }).mail.publicUrl).toBe(
      'https://whisp.example',
    );
  });

  it.each([
    'whisp.example',
    'ftp://whisp.example',
    'https://whisp.example/?x=1',
    'https://whisp.example/#top',
    'https://user:pass@whisp.example',
  ])('refuses %s as WHISP_PUBLIC_URL, saying what it expects', (value) => {
    expect(() => loadConfig({ WHISP_PUBLIC_URL: value })).toThrow(
      /WHISP_PUBLIC_URL=.*expected the http:\/\/ or https:\/\/ address members open Whisp at/,
    );
  });

  it('refuses a mail server that is not smtp:// or smtps://, without repeating its password', () => {
    const load = () => loadConfig({ WHISP_SMTP_URL: 'http://mailer:hunter2@smtp.example' });
    expect(load).toThrow(/WHISP_SMTP_URL=\(value hidden\): expected a smtp:\/\/ URL/);
    expect(load).not.toThrow(/hunter2/);
  });

  it.each(['Whisp', 'Whisp <no-reply>', 'a@b@c', 'Whisp <a@b.example'])(
    'refuses %s as WHISP_MAIL_FROM',
    (value) => {
      expect(() => loadConfig({ WHISP_MAIL_FROM: value })).toThrow(
        /WHISP_MAIL_FROM=.*expected an address, or a name and an address/,
      );
    },
  );

  it('never repeats a connection string, which may hold a password, in its error', () => {
    const load = () => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/whisp' });

    expect(load).toThrow(/DATABASE_URL=\(value hidden\): expected a postgres:\/\/ URL/);
    expect(load).not.toThrow(/hunter2/);
  });
});

describe('fixed defaults', () => {
  it.each(['0', '257', '19456', '12.5', 'high'])(
    'refuses a password hash memory of %s, naming the range and the unit',
    (memory) => {
      expect(() => loadConfig({ WHISP_PASSWORD_HASH_MEMORY: memory })).toThrow(
        /WHISP_PASSWORD_HASH_MEMORY=.*expected a whole number of MiB from 1 to 256/,
      );
    },
  );

  it('hashes passwords at the OWASP Argon2id cost (19 MiB) and keeps sessions for 30 days', () => {
    expect(DEFAULT_PASSWORD_HASH_MEMORY_MIB).toBe(19);
    expect(DEFAULT_SESSION_LIFETIME_MS).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('limits as api.md says: 25 failed sign-ins in 5 minutes, 20 sign-ups an hour, 600 requests in 5 minutes', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      failedSignIns: { max: 25, windowMs: 300_000 },
      registrations: { max: 20, windowMs: 3_600_000 },
      authenticated: { max: 600, windowMs: 300_000 },
      passwordResetsByEmail: { max: 5, windowMs: 3_600_000 },
      passwordResetsByAddress: { max: 20, windowMs: 3_600_000 },
      inboxDeliveries: { max: 3_000, windowMs: 300_000 },
    });
  });
});

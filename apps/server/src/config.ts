import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  PASSWORD_RESET_REQUESTS_WINDOW_MS,
} from '@whisp/api-client/contract';
import { z } from 'zod';
import {
  describeProviderPath,
  OIDC_PROVIDERS_VARIABLE,
  type OidcProviderConfig,
  oidcProvidersSchema,
} from './sign-in-providers/provider-config.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Absolute path: the embedded database lives here, and uploaded media unless `mediaDir` is set. */
  dataDir: string;
  /**
   * Absolute path of the uploaded media, when not the `media` folder of the data directory (read
   * it through `mediaDirectory`). Several instances share media by pointing this at one directory
   * that all of them mount, such as a network filesystem.
   */
  mediaDir: string | undefined;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Starts every key Whisp writes to Redis, so installations (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /**
   * Web origins, besides the server's own, whose pages may call the API (CORS). Empty: only
   * pages served by this server can read its answers.
   */
  corsOrigins: string[];
  trustProxy: boolean;
  /** Seed the demo network into a new embedded database. */
  demo: boolean;
  /**
   * Members whose email is here (lower case) are admins, whatever role they were granted: read when
   * a member is, so taking an address out of WHISP_ADMIN_EMAILS takes the role back at restart.
   */
  adminEmails: string[];
  logLevel: LogLevel;
  /** The built web app; served only when the directory exists. */
  staticDir: string;
  /**
   * Argon2id memory cost in MiB for passwords hashed from now on (t=2, p=1). 19 is OWASP's
   * recommendation (19 MiB and a few hundredths of a second per hash); tests lower it so hundreds
   * of sign-ups stay fast. Each stored hash keeps its own parameters, so changing this never locks
   * anyone out: a member's hash is redone at the new cost at their next sign-in.
   */
  passwordHashMemoryMiB: number;
  /** How long a session token stays valid after sign-in. */
  sessionLifetimeMs: number;
  /**
   * When ended sessions (expired, signed out) are deleted: first soon after start-up, so a server
   * restarted more often than the period still does it, then every period.
   */
  endedSessionsSweep: { firstAfterMs: number; everyMs: number };
  rateLimits: RateLimits;
  metrics: MetricsConfig;
  mail: MailConfig;
  /** Durable jobs (src/jobs/): scheduled whisps and poll endings. */
  jobs: JobsConfig;
  /**
   * Sign in with another account: the OpenID Connect providers of WHISP_OIDC_PROVIDERS, in the
   * operator's order (the order of the buttons). Their callbacks are under `mail.publicUrl`.
   */
  oidcProviders: OidcProviderConfig[];
  federation: FederationConfig;
}

/** ActivityPub federation (api.md, "Federation (1.2)"). */
export interface FederationConfig {
  /**
   * On when WHISP_PUBLIC_URL is https:// (or http:// with WHISP_FEDERATION_ALLOW_PRIVATE) without
   * a path, and WHISP_FEDERATION is not off. The public URL's origin is then the server's identity.
   */
  enabled: boolean;
  /**
   * Development and tests only: reach loopback and private addresses, and look `acct:` handles
   * up over http://. Never on a server open to the internet: it lets a remote actor's URL
   * point this server at its own network.
   */
  allowPrivateAddress: boolean;
  /**
   * WHISP_REMOTE_MEDIA: `fetch` (the default) downloads remote whisps' pictures and videos and
   * remote members' avatars and banners into this server's media, checked as uploads are; `off`
   * stores no remote file (a remote whisp shows its text and links to its original).
   */
  remoteMedia: RemoteMediaMode;
}

export type RemoteMediaMode = 'fetch' | 'off';

export interface JobsConfig {
  /**
   * How often each instance looks for due work another instance (or a stopped server) left: due
   * work is also timed, so this bounds the delay only when that instance is gone. At most 30 s,
   * so a scheduled whisp is published within a minute of its time.
   */
  pollIntervalMs: number;
}

/** Outgoing mail (password reset links). */
export interface MailConfig {
  /** Where links in mail point: the app's address as members reach it, without a trailing slash. */
  publicUrl: string;
  /** smtp:// or smtps:// with credentials; unset, mail is written to `<dataDir>/outbox/`. */
  smtpUrl: string | undefined;
  /** The From header: `Name <address>` or a bare address. */
  from: string;
  /** How often each instance looks for mail that is due (a new mail is sent at once anyway). */
  pollIntervalMs: number;
  /** The wait after a failed attempt doubles from `firstDelayMs` up to `maxDelayMs`. */
  retry: { firstDelayMs: number; maxDelayMs: number; maxAttempts: number };
}

/** `/metrics` (Prometheus): off unless one of these is set. */
export interface MetricsConfig {
  /** Served on the main port to requests bearing `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Served, without a token, on a listener of its own on this port (keep it off the internet). */
  port: number | undefined;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** api.md, "Rate limits": configurable so tests can prove them with small numbers. */
export interface RateLimits {
  /** Failed sign-ins, counted per account and per client address separately. */
  failedSignIns: RateLimit;
  /**
   * Sign-up attempts per client address, refused ones included: a 409 tells whether an email
   * has an account, so probing for members is bounded too.
   */
  registrations: RateLimit;
  /** Every other authenticated request, per member. */
  authenticated: RateLimit;
  /**
   * Password reset requests, per email asked for and per client address (the contract's numbers
   * when left out).
   */
  passwordResetsByEmail?: RateLimit;
  passwordResetsByAddress?: RateLimit;
  /**
   * Activities delivered to this server's inboxes, per sending address (federation): far above
   * what a busy Mastodon server sends, so only a flood is slowed (429 and Retry-After, which
   * senders honour by retrying later).
   */
  inboxDeliveries?: RateLimit;
}

const MINUTE_MS = 60_000;

export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  failedSignIns: { max: 25, windowMs: 5 * MINUTE_MS },
  registrations: { max: 20, windowMs: 60 * MINUTE_MS },
  authenticated: { max: 600, windowMs: 5 * MINUTE_MS },
  passwordResetsByEmail: {
    max: PASSWORD_RESET_REQUESTS_PER_EMAIL,
    windowMs: PASSWORD_RESET_REQUESTS_WINDOW_MS,
  },
  passwordResetsByAddress: {
    max: PASSWORD_RESET_REQUESTS_PER_ADDRESS,
    windowMs: PASSWORD_RESET_REQUESTS_WINDOW_MS,
  },
  inboxDeliveries: { max: 3_000, windowMs: 5 * MINUTE_MS },
};

export const DEFAULT_MAIL_FROM = 'Whisp <no-reply@localhost>';
// A reset link lives an hour: retries spread over about that, then the failure is logged as final.
export const DEFAULT_MAIL_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE_MS,
  maxAttempts: 8,
};
export const DEFAULT_MAIL_POLL_INTERVAL_MS = 10_000;
export const DEFAULT_JOBS_POLL_INTERVAL_MS = 15_000;

/** OWASP's Argon2id memory cost (with t=2, p=1), in MiB. */
export const DEFAULT_PASSWORD_HASH_MEMORY_MIB = 19;
/** The lowest WHISP_PASSWORD_HASH_MEMORY taken: test suites only, never a real network. */
export const MIN_PASSWORD_HASH_MEMORY_MIB = 1;
/** Above this, a handful of sign-ins at once would take most of a 1 GB server's memory. */
export const MAX_PASSWORD_HASH_MEMORY_MIB = 256;
/** A metrics token shorter than this is too easy to guess. */
export const MIN_METRICS_TOKEN_LENGTH = 16;
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 24 * 60 * MINUTE_MS;
export const DEFAULT_ENDED_SESSIONS_SWEEP = { firstAfterMs: MINUTE_MS, everyMs: 60 * MINUTE_MS };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Environment = Record<string, string | undefined>;

const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const flag = (truthy: string[], falsy: string[]) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .refine((value) => truthy.includes(value) || falsy.includes(value), {
        message: `expected one of ${[...truthy, ...falsy].join(', ')}`,
      })
      .transform((value) => truthy.includes(value))
      .optional(),
  );

// A prefix check only: drivers accept connection strings (socket paths, unescaped passwords)
// that a strict URL parser rejects.
const optionalUrl = (schemes: string[]) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(new RegExp(`^(${schemes.join('|')})://`), `expected a ${schemes[0]}:// URL`)
      .optional(),
  );

const portMessage = 'expected a port number from 0 to 65535';

const windowUnitsMs = { s: 1_000, m: MINUTE_MS, h: 60 * MINUTE_MS } as const;
const rateLimitMessage =
  'expected <requests>/<window> with the window in s, m or h, such as 600/5m';

/** `600/5m`: at most 600 in any 5 minutes. */
const optionalRateLimit = z.preprocess(
  blankAsMissing,
  z
    .string()
    .transform((value, context): RateLimit => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/i.exec(value);
      const [max, amount, unit] = [Number(match?.[1]), Number(match?.[2]), match?.[3]];
      if (!match || max < 1 || amount < 1) {
        context.addIssue({ code: 'custom', message: rateLimitMessage });
        return z.NEVER;
      }
      const unitMs = windowUnitsMs[unit?.toLowerCase() as keyof typeof windowUnitsMs];
      return { max, windowMs: amount * unitMs };
    })
    .optional(),
);

/**
 * A comma-separated list of web origins, each as a browser sends it in the Origin header. Written
 * with a trailing slash, capitals or the default port, an origin is taken in its browser form.
 */
const corsOriginList = z.preprocess(
  blankAsMissing,
  z
    .string()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((part) => part.trim())) {
        if (entry === '') continue;
        const origin = asOrigin(entry);
        if (origin) origins.push(origin);
        else
          context.addIssue({
            code: 'custom',
            message: `${JSON.stringify(entry)} is not an origin: expected scheme://host[:port] with http or https and nothing after the host, such as https://whisp.example`,
          });
      }
      return origins;
    })
    .default([]),
);

/**
 * WHISP_ADMIN_EMAILS: comma-separated addresses, in any case (emails are compared without case,
 * as sign-in and sign-up compare them). Blank entries, as a trailing comma leaves, are ignored.
 */
const adminEmailList = z.preprocess(
  blankAsMissing,
  z
    .string()
    .transform((value, context) => {
      const emails: string[] = [];
      for (const entry of value.split(',').map((part) => part.trim())) {
        if (entry === '') continue;
        if (/^[^\s@,]+@[^\s@,]+$/.test(entry)) emails.push(entry.toLowerCase());
        else
          context.addIssue({
            code: 'custom',
            message: `${JSON.stringify(entry)} is not an email address: expected addresses separated by commas, such as ada@whisp.example,grace@whisp.example`,
          });
      }
      return [...new Set(emails)];
    })
    .default([]),
);

function asOrigin(entry: string) {
  // Scheme, host and port only: an Origin header never carries a path, a query or credentials.
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(entry)) return undefined;
  try {
    return new URL(entry).origin;
  } catch {
    return undefined;
  }
}

const secretVariables = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'WHISP_METRICS_TOKEN',
  'WHISP_SMTP_URL',
]);

const publicUrlMessage =
  'expected the http:// or https:// address members open Whisp at, such as https://whisp.example (a path is allowed, no query or fragment)';
const mailFromMessage =
  'expected an address, or a name and an address, such as Whisp <no-reply@whisp.example>';

/** `https://whisp.example` or `https://example.org/whisp`, kept without a trailing slash. */
const optionalPublicUrl = z.preprocess(
  blankAsMissing,
  z
    .string()
    .transform((value, context) => {
      let url: URL | undefined;
      try {
        url = new URL(value.trim());
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
        context.addIssue({ code: 'custom', message: publicUrlMessage });
        return z.NEVER;
      }
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    })
    .optional(),
);

// An address alone, or a display name then the address in angle brackets; nodemailer parses it.
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

const passwordHashMemoryMessage = `expected a whole number of MiB from ${MIN_PASSWORD_HASH_MEMORY_MIB} to ${MAX_PASSWORD_HASH_MEMORY_MIB} (the default, ${DEFAULT_PASSWORD_HASH_MEMORY_MIB}, is OWASP's recommendation)`;
const metricsTokenMessage = `expected at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces, such as the output of openssl rand -hex 32`;
const metricsPortMessage = 'expected a port number from 1 to 65535, other than PORT';

const environmentSchema = z.object({
  PORT: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: portMessage })
      .int(portMessage)
      .min(0, portMessage)
      .max(65535, portMessage)
      .default(3000),
  ),
  HOST: z.preprocess(blankAsMissing, z.string().default('0.0.0.0')),
  WHISP_DATA_DIR: z.preprocess(blankAsMissing, z.string().default('./data')),
  WHISP_MEDIA_DIR: z.preprocess(blankAsMissing, z.string().optional()),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  WHISP_REDIS_PREFIX: z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^\S+$/, 'expected a key prefix without spaces, such as whisp:')
      .default('whisp:'),
  ),
  WHISP_CORS_ORIGINS: corsOriginList,
  WHISP_RATE_LIMIT_REQUESTS: optionalRateLimit,
  WHISP_RATE_LIMIT_FAILED_SIGN_INS: optionalRateLimit,
  WHISP_RATE_LIMIT_REGISTRATIONS: optionalRateLimit,
  // Argon2id's memory cost. End-to-end suites sign up hundreds of members; they set 1.
  WHISP_PASSWORD_HASH_MEMORY: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ message: passwordHashMemoryMessage })
      .int(passwordHashMemoryMessage)
      .min(MIN_PASSWORD_HASH_MEMORY_MIB, passwordHashMemoryMessage)
      .max(MAX_PASSWORD_HASH_MEMORY_MIB, passwordHashMemoryMessage)
      .optional(),
  ),
  WHISP_METRICS_TOKEN: z.preprocess(
    blankAsMissing,
    z
      .string()
      .min(MIN_METRICS_TOKEN_LENGTH, metricsTokenMessage)
      .regex(/^[\x21-\x7e]+$/, metricsTokenMessage)
      .optional(),
  ),
  WHISP_METRICS_PORT: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: metricsPortMessage })
      .int(metricsPortMessage)
      .min(1, metricsPortMessage)
      .max(65535, metricsPortMessage)
      .optional(),
  ),
  TRUST_PROXY: flag(['true', '1', 'yes', 'on'], ['false', '0', 'no', 'off']),
  WHISP_FEDERATION: flag(['on', 'true', '1', 'yes'], ['off', 'false', '0', 'no']),
  WHISP_FEDERATION_ALLOW_PRIVATE: flag(['true', '1', 'yes', 'on'], ['false', '0', 'no', 'off']),
  WHISP_REMOTE_MEDIA: flag(['fetch'], ['off']),
  WHISP_DEMO: flag(['on', 'true', '1', 'yes'], ['off', 'false', '0', 'no']),
  WHISP_ADMIN_EMAILS: adminEmailList,
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsMissing(value.toLowerCase()) : value),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WHISP_STATIC_DIR: z.preprocess(blankAsMissing, z.string().optional()),
  WHISP_PUBLIC_URL: optionalPublicUrl,
  WHISP_SMTP_URL: optionalUrl(['smtp', 'smtps']),
  WHISP_MAIL_FROM: z.preprocess(
    blankAsMissing,
    z
      .string()
      .transform((value) => value.trim())
      .pipe(z.string().regex(MAIL_FROM_PATTERN, mailFromMessage))
      .default(DEFAULT_MAIL_FROM),
  ),
  INIT_CWD: z.preprocess(blankAsMissing, z.string().optional()),
  [OIDC_PROVIDERS_VARIABLE]: oidcProvidersSchema,
});

// In a bundle (`pnpm bundle`), the web app sits beside dist/ in web/. In the workspace, both
// src/config.ts (tsx) and dist/config.js (node) sit two levels below apps/, so one relative path
// finds apps/whisp/dist from either.
const bundleWebAppDir = fileURLToPath(new URL('../web', import.meta.url));
const bundledWebAppDir = existsSync(bundleWebAppDir)
  ? bundleWebAppDir
  : fileURLToPath(new URL('../../whisp/dist', import.meta.url));

export function loadConfig(environment: Environment = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // The providers' JSON holds client secrets: the problem is named by its place in it, as
      // WHISP_OIDC_PROVIDERS[0].issuer, never quoted.
      if (name === OIDC_PROVIDERS_VARIABLE)
        return `  ${describeProviderPath(issue.path)} ${issue.message}`;
      return `  ${name}=${describeValue(name, environment[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  if (values.WHISP_METRICS_PORT !== undefined && values.WHISP_METRICS_PORT === values.PORT) {
    throw new ConfigError(
      `Invalid configuration:\n  WHISP_METRICS_PORT=${JSON.stringify(environment.WHISP_METRICS_PORT)}: ${metricsPortMessage}`,
    );
  }
  // pnpm runs package scripts inside the package, but a person who typed `pnpm start` at the repo
  // root means `./data` at the root; pnpm remembers where they were in INIT_CWD.
  const baseDir = values.INIT_CWD ?? process.cwd();
  const staticDir = path.resolve(baseDir, values.WHISP_STATIC_DIR ?? bundledWebAppDir);

  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(baseDir, values.WHISP_DATA_DIR),
    mediaDir: values.WHISP_MEDIA_DIR && path.resolve(baseDir, values.WHISP_MEDIA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.WHISP_REDIS_PREFIX,
    corsOrigins: values.WHISP_CORS_ORIGINS,
    trustProxy: values.TRUST_PROXY ?? false,
    demo: values.WHISP_DEMO ?? true,
    adminEmails: values.WHISP_ADMIN_EMAILS,
    logLevel: values.LOG_LEVEL,
    staticDir,
    passwordHashMemoryMiB: values.WHISP_PASSWORD_HASH_MEMORY ?? DEFAULT_PASSWORD_HASH_MEMORY_MIB,
    sessionLifetimeMs: DEFAULT_SESSION_LIFETIME_MS,
    endedSessionsSweep: DEFAULT_ENDED_SESSIONS_SWEEP,
    rateLimits: {
      authenticated: values.WHISP_RATE_LIMIT_REQUESTS ?? DEFAULT_RATE_LIMITS.authenticated,
      failedSignIns: values.WHISP_RATE_LIMIT_FAILED_SIGN_INS ?? DEFAULT_RATE_LIMITS.failedSignIns,
      registrations: values.WHISP_RATE_LIMIT_REGISTRATIONS ?? DEFAULT_RATE_LIMITS.registrations,
      passwordResetsByEmail: DEFAULT_RATE_LIMITS.passwordResetsByEmail,
      passwordResetsByAddress: DEFAULT_RATE_LIMITS.passwordResetsByAddress,
    },
    metrics: { token: values.WHISP_METRICS_TOKEN, port: values.WHISP_METRICS_PORT },
    mail: {
      publicUrl: values.WHISP_PUBLIC_URL ?? `http://localhost:${values.PORT}`,
      smtpUrl: values.WHISP_SMTP_URL,
      from: values.WHISP_MAIL_FROM,
      pollIntervalMs: DEFAULT_MAIL_POLL_INTERVAL_MS,
      retry: DEFAULT_MAIL_RETRY,
    },
    jobs: { pollIntervalMs: DEFAULT_JOBS_POLL_INTERVAL_MS },
    oidcProviders: values[OIDC_PROVIDERS_VARIABLE],
    federation: federationConfig(values),
  };
}

function federationConfig(values: {
  WHISP_PUBLIC_URL?: string;
  WHISP_FEDERATION?: boolean;
  WHISP_FEDERATION_ALLOW_PRIVATE?: boolean;
  WHISP_REMOTE_MEDIA?: boolean;
}): FederationConfig {
  const allowPrivateAddress = values.WHISP_FEDERATION_ALLOW_PRIVATE ?? false;
  const publicUrl = values.WHISP_PUBLIC_URL;
  const reachable =
    publicUrl !== undefined &&
    (publicUrl.startsWith('https://') || (allowPrivateAddress && publicUrl.startsWith('http://')));
  // WebFinger and actors live at the root of a domain: Whisp served under a path stays off it.
  const atRoot = publicUrl !== undefined && new URL(publicUrl).pathname === '/';
  const enabled = values.WHISP_FEDERATION !== false && reachable && atRoot;
  return {
    enabled,
    allowPrivateAddress: enabled && allowPrivateAddress,
    remoteMedia: values.WHISP_REMOTE_MEDIA === false ? 'off' : 'fetch',
  };
}

/** Where uploaded media live: `WHISP_MEDIA_DIR`, or the `media` folder of the data directory. */
export function mediaDirectory(config: Pick<Config, 'dataDir' | 'mediaDir'>) {
  return config.mediaDir ?? path.join(config.dataDir, 'media');
}

function describeValue(name: string, value: string | undefined) {
  if (value === undefined) return '(unset)';
  // Connection strings carry passwords, and this message lands in logs.
  return secretVariables.has(name) ? '(value hidden)' : JSON.stringify(value);
}

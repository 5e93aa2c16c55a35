import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Absolute path: the embedded database and uploaded media live here. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  trustProxy: boolean;
  /** Seed the demo network into a new embedded database. */
  demo: boolean;
  logLevel: LogLevel;
  /** The built web app; served only when the directory exists. */
  staticDir: string;
  /**
   * scrypt cost as log2(N). 17 is OWASP's recommendation (N=2^17, r=8, p=1, about 128 MiB and
   * a tenth of a second per hash); tests lower it so hundreds of sign-ups stay fast. Each stored
   * hash keeps its own parameters, so changing this never locks anyone out.
   */
  passwordHashCost: number;
  /** How long a session token stays valid after sign-in. */
  sessionLifetimeMs: number;
  rateLimits: RateLimits;
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
}

const MINUTE_MS = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  failedSignIns: { max: 25, windowMs: 5 * MINUTE_MS },
  registrations: { max: 20, windowMs: 60 * MINUTE_MS },
  authenticated: { max: 600, windowMs: 5 * MINUTE_MS },
};

export const DEFAULT_PASSWORD_HASH_COST = 17;
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 24 * 60 * MINUTE_MS;

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

const secretVariables = new Set(['DATABASE_URL', 'REDIS_URL']);

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
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  TRUST_PROXY: flag(['true', '1', 'yes', 'on'], ['false', '0', 'no', 'off']),
  WHISP_DEMO: flag(['on', 'true', '1', 'yes'], ['off', 'false', '0', 'no']),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsMissing(value.toLowerCase()) : value),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WHISP_STATIC_DIR: z.preprocess(blankAsMissing, z.string().optional()),
  INIT_CWD: z.preprocess(blankAsMissing, z.string().optional()),
});

// Both src/config.ts (tsx) and dist/config.js (node) sit two levels below apps/, so one relative
// path finds apps/whisp/dist from either.
const bundledWebAppDir = fileURLToPath(new URL('../../whisp/dist', import.meta.url));

export function loadConfig(environment: Environment = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${describeValue(name, environment[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  // pnpm runs package scripts inside the package, but a person who typed `pnpm start` at the repo
  // root means `./data` at the root; pnpm remembers where they were in INIT_CWD.
  const baseDir = values.INIT_CWD ?? process.cwd();
  const staticDir = path.resolve(baseDir, values.WHISP_STATIC_DIR ?? bundledWebAppDir);

  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(baseDir, values.WHISP_DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    trustProxy: values.TRUST_PROXY ?? false,
    demo: values.WHISP_DEMO ?? true,
    logLevel: values.LOG_LEVEL,
    staticDir,
    passwordHashCost: DEFAULT_PASSWORD_HASH_COST,
    sessionLifetimeMs: DEFAULT_SESSION_LIFETIME_MS,
    rateLimits: DEFAULT_RATE_LIMITS,
  };
}

function describeValue(name: string, value: string | undefined) {
  if (value === undefined) return '(unset)';
  // Connection strings carry passwords, and this message lands in logs.
  return secretVariables.has(name) ? '(value hidden)' : JSON.stringify(value);
}

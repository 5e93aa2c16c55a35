import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { describeError } from '@whisp/api-client/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from '../config.js';
import { ApiError, apiError } from '../http/api-error.js';

type Limiter = (
  request: FastifyRequest,
  options?: { increment?: boolean },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number; ttl?: number }>;

export interface SignInLimiter {
  /**
   * Throws 429 when the client address, or the account named by the body's email, has used up
   * its failed sign-ins.
   */
  assertAllowed(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
}

/** Wrong current passwords of a signed-in member (a password change), counted like sign-ins. */
export interface WrongPasswordLimiter {
  assertAllowed(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signInLimiter: SignInLimiter;
    wrongPasswordLimiter: WrongPasswordLimiter;
    /**
     * Counts a password reset request against its client address and the email it names;
     * throws 429 (with Retry-After) beyond either hourly limit.
     */
    countPasswordResetRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** An onRequest hook for routes behind `authenticate`: a budget per member. */
    memberRateLimit: onRequestHookHandler;
    /** An onRequest hook for the ActivityPub inboxes: deliveries per sending address. */
    inboxRateLimit: onRequestHookHandler;
    /** Route config for POST /api/auth/register: sign-ups per client address. */
    registrationRateLimit: RateLimitOptions;
    /**
     * Failed sign-ins with a provider (a refused or forged answer, an expired or replayed
     * callback), per client address, under the same limit as failed password sign-ins.
     */
    providerSignInLimiter: WrongPasswordLimiter;
    /**
     * Wrong guesses at the OAuth endpoints of the Mastodon client API (a client secret, a code, a
     * token to revoke), per client address, under the same limit as failed password sign-ins
     * but counted apart, so an app's failures and a member's sign-ins never use up each other's.
     */
    oauthGuessLimiter: WrongPasswordLimiter;
    /**
     * Counts a member created through a provider against the sign-ups of the client address
     * (the limit of POST /api/auth/register, in the same Redis keys); throws 429 beyond it.
     */
    countProviderRegistration(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const REGISTER_URL = '/api/auth/register';

// Enough distinct addresses and accounts that an attacker cannot flush a victim's count by
// cycling through fresh keys.
const TRACKED_KEYS = 100_000;

function retryAfterSeconds(ttlMs: number) {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

export interface RateLimitsOptions {
  limits: RateLimits;
  /** Counts go to Redis when set, so that every instance behind a load balancer shares them. */
  redisUrl?: string | undefined;
  /** Starts every Redis key: `<prefix>rate-limit:<scope>:<key>`. */
  redisKeyPrefix?: string;
}

/**
 * One limit on one scope: its keys read `<scope>:<member id, address or account>`. Each limiter
 * keeps its own in-memory counts, sized here: the library would give every limiter made outside
 * the plugin options only 5000.
 */
function scopedLimit(
  scope: string,
  limit: RateLimit,
  keyOf: (request: FastifyRequest) => string,
): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    cache: TRACKED_KEYS,
    keyGenerator: (request) => `${scope}:${keyOf(request)}`,
  };
}

// IPv6 addresses are counted by /64, as the library does by default: one home or one server
// gets a whole /64, so counting single addresses would let it cycle through them.
const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * api.md's limits: in memory on one instance, in Redis when REDIS_URL is set. Client addresses
 * honour TRUST_PROXY through Fastify's request.ip.
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, { limits, redisUrl, redisKeyPrefix = 'whisp:' }) => {
    const redis = redisUrl ? connectRedis(redisUrl) : undefined;
    if (redis) {
      redis.on('error', (error) => {
        app.log.warn(
          { err: error },
          'Redis for rate limits is unreachable; limits are not applied',
        );
      });
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      // Until Redis answers, every limit is skipped: an instance that has just started would
      // otherwise take its first requests unlimited. A Redis that is down only delays the start.
      await untilReady(redis, REDIS_READY_WITHIN_MS);
    }

    await app.register(rateLimit, {
      global: false,
      cache: TRACKED_KEYS,
      ...(redis ? { store: redisCounterStore(redis, `${redisKeyPrefix}rate-limit:`) } : {}),
      // While Redis is unreachable, requests go through unlimited rather than all failing: an
      // outage of the limiter must not become an outage of the network.
      skipOnError: true,
      // Retry-After and the limit headers are already on the reply when this is thrown.
      errorResponseBuilder: (request, context) => {
        const { code, message } = describeError(
          request.routeOptions.url === REGISTER_URL ? 'tooManyRegistrations' : 'tooManyRequests',
        );
        return new ApiError(context.statusCode, code, message);
      },
    });

    const failuresByAddress = app.createRateLimit(
      scopedLimit('failed-sign-ins-by-address', limits.failedSignIns, clientAddress),
    ) as Limiter;
    const failuresByAccount = app.createRateLimit(
      scopedLimit('failed-sign-ins-by-account', limits.failedSignIns, accountKey),
    ) as Limiter;

    app.decorate('signInLimiter', {
      async assertAllowed(request, reply) {
        for (const limiter of [failuresByAddress, failuresByAccount]) {
          const status = await limiter(request, { increment: false });
          // A peek reports the failures so far: the next one would be over the limit.
          if (!status.isAllowed && status.remaining === 0) {
            reply.header('retry-after', retryAfterSeconds(status.ttl ?? 0));
            throw apiError('tooManySignInAttempts');
          }
        }
      },
      async recordFailure(request) {
        await failuresByAddress(request);
        await failuresByAccount(request);
      },
    });

    const wrongPasswordsByAddress = app.createRateLimit(
      scopedLimit('wrong-passwords-by-address', limits.failedSignIns, clientAddress),
    ) as Limiter;
    const wrongPasswordsByMember = app.createRateLimit(
      scopedLimit(
        'wrong-passwords-by-member',
        limits.failedSignIns,
        (request) => request.member.id,
      ),
    ) as Limiter;
    app.decorate('wrongPasswordLimiter', {
      async assertAllowed(request, reply) {
        for (const limiter of [wrongPasswordsByAddress, wrongPasswordsByMember]) {
          const status = await limiter(request, { increment: false });
          if (!status.isAllowed && status.remaining === 0) {
            reply.header('retry-after', retryAfterSeconds(status.ttl ?? 0));
            throw apiError('tooManyWrongPasswords');
          }
        }
      },
      async recordFailure(request) {
        await wrongPasswordsByAddress(request);
        await wrongPasswordsByMember(request);
      },
    });

    const resetsByAddress = app.createRateLimit(
      scopedLimit(
        'password-resets-by-address',
        limits.passwordResetsByAddress ?? DEFAULT_RATE_LIMITS.passwordResetsByAddress,
        clientAddress,
      ),
    ) as Limiter;
    const resetsByEmail = app.createRateLimit(
      scopedLimit(
        'password-resets-by-email',
        limits.passwordResetsByEmail ?? DEFAULT_RATE_LIMITS.passwordResetsByEmail,
        accountKey,
      ),
    ) as Limiter;
    app.decorate(
      'countPasswordResetRequest',
      async (request: FastifyRequest, reply: FastifyReply) => {
        // Every request counts, whether or not an account has the address, so the limits say
        // nothing about who is a member.
        for (const limiter of [resetsByAddress, resetsByEmail]) {
          const status = await limiter(request);
          if (status.isExceeded) {
            reply.header('retry-after', retryAfterSeconds(status.ttl ?? 0));
            throw apiError('tooManyPasswordResets');
          }
        }
      },
    );

    /** Failures of one kind per client address, under the limit of failed sign-ins. */
    const addressFailureLimiter = (name: string): WrongPasswordLimiter => {
      const limiter = app.createRateLimit(
        scopedLimit(name, limits.failedSignIns, clientAddress),
      ) as Limiter;
      return {
        async assertAllowed(request, reply) {
          const status = await limiter(request, { increment: false });
          if (!status.isAllowed && status.remaining === 0) {
            reply.header('retry-after', retryAfterSeconds(status.ttl ?? 0));
            throw apiError('tooManySignInAttempts');
          }
        },
        async recordFailure(request) {
          await limiter(request);
        },
      };
    };
    app.decorate(
      'providerSignInLimiter',
      addressFailureLimiter('failed-provider-sign-ins-by-address'),
    );
    app.decorate('oauthGuessLimiter', addressFailureLimiter('failed-oauth-guesses-by-address'));
    const providerRegistrations = app.createRateLimit(
      scopedLimit('registrations', limits.registrations, clientAddress),
    ) as Limiter;
    app.decorate(
      'countProviderRegistration',
      async (request: FastifyRequest, reply: FastifyReply) => {
        const status = await providerRegistrations(request);
        if (status.isExceeded) {
          reply.header('retry-after', retryAfterSeconds(status.ttl ?? 0));
          throw apiError('tooManyRegistrations');
        }
      },
    );

    app.decorate(
      'memberRateLimit',
      app.rateLimit(scopedLimit('requests', limits.authenticated, (request) => request.member.id)),
    );
    app.decorate(
      'inboxRateLimit',
      app.rateLimit(
        scopedLimit(
          'inbox-deliveries-by-address',
          limits.inboxDeliveries ?? DEFAULT_RATE_LIMITS.inboxDeliveries,
          clientAddress,
        ),
      ),
    );
    app.decorate(
      'registrationRateLimit',
      scopedLimit('registrations', limits.registrations, clientAddress),
    );
  },
  { name: 'rate-limits' },
);

const REDIS_READY_WITHIN_MS = 5_000;

function untilReady(redis: Redis, withinMs: number) {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

function connectRedis(url: string) {
  return new Redis(url, {
    // A request waits on a limit check: fail it fast (skipOnError lets it through) rather than
    // queue it while Redis is away; ioredis keeps reconnecting in the background.
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
}

// The login body is parsed by the time the handler asks; emails match whatever their case.
function accountKey(request: FastifyRequest) {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * Counts in Redis under `<keyPrefix><key>`, where every key the limiters make names its scope.
 * The library's own Redis store puts the route's method and URL in each key instead, and for
 * limiters made outside a route (sign-in failures, the per-member budget) writes
 * "undefinedundefined-" there.
 */
function redisCounterStore(redis: Redis, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class RedisCounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      const name = keyPrefix + key;
      // One transaction: the first count of a window starts its expiry, later ones only add.
      redis
        .multi()
        .set(name, 0, 'PX', timeWindow, 'NX')
        .incr(name)
        .pttl(name)
        .exec()
        .then((results) => {
          const [, counted, ttl] = replies(results);
          callback(null, { current: Number(counted), ttl: Math.max(0, Number(ttl)) });
        })
        .catch((error: Error) => callback(error));
    }

    /** The count so far, without adding to it (a sign-in checks before it counts a failure). */
    read(key: string, callback: Callback) {
      const name = keyPrefix + key;
      redis
        .multi()
        .get(name)
        .pttl(name)
        .exec()
        .then((results) => {
          const [counted, ttl] = replies(results);
          callback(null, { current: Number(counted ?? 0), ttl: Math.max(0, Number(ttl)) });
        })
        .catch((error: Error) => callback(error));
    }

    // Keys already carry their scope, so every limiter shares this one store.
    child() {
      return this;
    }
  };
}

function replies(results: [Error | null, unknown][] | null) {
  if (!results) throw new Error('The Redis transaction for a rate limit was discarded');
  return results.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimits } from '../config.js';
import { ApiError } from '../http/api-error.js';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';
export const TOO_MANY_SIGN_IN_ATTEMPTS =
  'Too many failed sign-in attempts. Please wait a few minutes and try again.';
export const TOO_MANY_REGISTRATIONS =
  'Too many accounts were created from this address. Please try again later.';

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

declare module 'fastify' {
  interface FastifyInstance {
    signInLimiter: SignInLimiter;
    /** An onRequest hook for routes behind `authenticate`: a budget per member. */
    memberRateLimit: onRequestHookHandler;
    /** Route config for POST /api/auth/register: sign-ups per client address. */
    registrationRateLimit: { max: number; timeWindow: number };
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
}

/**
 * api.md's limits: in memory on one instance, in Redis when REDIS_URL is set. Client addresses
 * honour TRUST_PROXY through Fastify's request.ip.
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, { limits, redisUrl }) => {
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
    }

    await app.register(rateLimit, {
      global: false,
      cache: TRACKED_KEYS,
      ...(redis ? { redis, nameSpace: 'whisp:rate-limit:' } : {}),
      // While Redis is unreachable, requests go through unlimited rather than all failing: an
      // outage of the limiter must not become an outage of the network.
      skipOnError: true,
      // Retry-After and the limit headers are already on the reply when this is thrown.
      errorResponseBuilder: (request, context) =>
        new ApiError(
          context.statusCode,
          'RATE_LIMITED',
          request.routeOptions.url === REGISTER_URL ? TOO_MANY_REGISTRATIONS : TOO_MANY_REQUESTS,
        ),
    });

    const failuresByAddress = app.createRateLimit({
      max: limits.failedSignIns.max,
      timeWindow: limits.failedSignIns.windowMs,
    }) as Limiter;
    const failuresByAccount = app.createRateLimit({
      max: limits.failedSignIns.max,
      timeWindow: limits.failedSignIns.windowMs,
      keyGenerator: (request) => accountKey(request),
    }) as Limiter;

    app.decorate('signInLimiter', {
      async assertAllowed(request, reply) {
        for (const limiter of [failuresByAddress, failuresByAccount]) {
          const status = await limiter(request, { increment: false });
          // A peek reports the failures so far: the next one would be over the limit.
          if (!status.isAllowed && status.remaining === 0) {
            reply.header('retry-after', retryAfterSeconds(status.ttl ?? 0));
            throw new ApiError(429, 'RATE_LIMITED', TOO_MANY_SIGN_IN_ATTEMPTS);
          }
        }
      },
      async recordFailure(request) {
        await failuresByAddress(request);
        await failuresByAccount(request);
      },
    });

    app.decorate(
      'memberRateLimit',
      app.rateLimit({
        max: limits.authenticated.max,
        timeWindow: limits.authenticated.windowMs,
        keyGenerator: (request) => `member:${request.member.id}`,
      }),
    );
    app.decorate('registrationRateLimit', {
      max: limits.registrations.max,
      timeWindow: limits.registrations.windowMs,
    });
  },
  { name: 'rate-limits' },
);

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
  return `account:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

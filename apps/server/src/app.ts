import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { BANNER_MAX_BYTES, readableIssueMessage } from '@whisp/api-client/contract';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Config, mediaDirectory } from './config.js';
import type { Database } from './db/database.js';
import { toErrorResponse } from './http/error-response.js';
import { serializerCompiler } from './http/response-serializer.js';
import { type LogDestination, loggerOptions } from './logger.js';
import { authPlugin } from './plugins/auth.js';
import { compressPlugin } from './plugins/compress.js';
import { corsPlugin } from './plugins/cors.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { type LiveEventsOptions, liveEventsPlugin } from './plugins/events.js';
import { federationPlugin } from './plugins/federation.js';
import { jobsPlugin } from './plugins/jobs.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { mailPlugin } from './plugins/mail.js';
import { mediaRemovalsPlugin } from './plugins/media-removals.js';
import { mediaStoragePlugin } from './plugins/media-storage.js';
import { metricsPlugin } from './plugins/metrics.js';
import { nulCharacterPlugin } from './plugins/nul-character.js';
import { openApiPlugin } from './plugins/openapi.js';
import { publicUrlPlugin } from './plugins/public-url.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { repositoriesPlugin } from './plugins/repositories.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionCachePlugin } from './plugins/session-cache.js';
import { sessionSweepPlugin } from './plugins/session-sweep.js';
import { inlineScriptHashes, webAppPlugin } from './plugins/web-app.js';
import { passwordResetRoutes } from './routes/account/password-reset.js';
import { accountRoutes } from './routes/account/sessions.js';
import { accountDataRoutes } from './routes/account-data/index.js';
import { logoutRoute, publicAuthRoutes } from './routes/auth/index.js';
import { providerSignInRoutes } from './routes/auth/oidc.js';
import { bookmarkRoutes } from './routes/bookmarks/index.js';
import { eventRoutes } from './routes/events/index.js';
import { healthRoutes } from './routes/health/index.js';
import { mastodonRoutes } from './routes/mastodon/index.js';
import { mastodonDialectOf, mastodonErrorBody } from './routes/mastodon/plumbing.js';
import { mediaRoutes } from './routes/media/index.js';
import { messageRoutes } from './routes/messages/index.js';
import { adminRoutes } from './routes/moderation/admin.js';
import { moderationRoutes } from './routes/moderation/index.js';
import { reportRoutes } from './routes/moderation/reports.js';
import { notificationRoutes } from './routes/notifications/index.js';
import { consentRoutes } from './routes/oauth/consent.js';
import { pollRoutes } from './routes/polls/index.js';
import { postRoutes } from './routes/posts/index.js';
import { profileTabRoutes } from './routes/posts/profile-tabs.js';
import { scheduledPostRoutes } from './routes/scheduled-posts/index.js';
import { searchRoutes } from './routes/search/index.js';
import { supportRoutes } from './routes/support/index.js';
import { trendRoutes } from './routes/trends/index.js';
import { identityRoutes } from './routes/users/identities.js';
import { userRoutes } from './routes/users/index.js';
import { createProviderRegistry } from './sign-in-providers/providers.js';

export interface BuildAppOptions {
  config: Config;
  /** Opened and migrated by the caller, which also closes it after the app. */
  database: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: LogDestination;
  /** The live event bus and heartbeat (tests share a bus between apps and beat faster). */
  liveEvents?: Omit<LiveEventsOptions, 'databaseUrl'>;
}

export async function buildApp({ config, database, logDestination, liveEvents }: BuildAppOptions) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logDestination),
    trustProxy: config.trustProxy,
    // A request that reaches a server while it stops (on a connection opened before) is answered
    // in full, with Connection: close: the database stays open until every connection has closed.
    // Fastify's 503 instead would drop work a client sent in time, in a body not of our shape.
    return503OnClosing: false,
    // A request id from outside is only worth keeping when our own proxy set it.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    // Errors the router raises before any hook runs (an over-long or malformed path) leave in the
    // same shape as every other error.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { statusCode, body } = toErrorResponse(error);
      // Met before any route: the Mastodon layer's paths still answer in its own words.
      const dialect = mastodonDialectOf(request.url);
      void reply
        .status(statusCode)
        .send(dialect ? mastodonErrorBody(dialect, statusCode, body) : body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // People read these messages: zod's own speak to developers. Global, as Fastify's validator
  // compiler parses without per-call options.
  z.config({ customError: readableIssueMessage });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    // Lets a member quote the id in a support request, so it can be found in the logs.
    reply.header('x-request-id', request.id);
  });

  // External plugins
  await app.register(securityHeadersPlugin, {
    inlineScriptHashes: inlineScriptHashes(config.staticDir),
  });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(openApiPlugin);
  await app.register(compressPlugin);
  // Each upload route sets its own file size limit; these bound everything else in a form.
  await app.register(multipart, {
    limits: { fileSize: BANNER_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  // App plugins
  await app.register(jsonBodyPlugin);
  await app.register(nulCharacterPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { database });
  await app.register(publicUrlPlugin, { publicUrl: config.mail.publicUrl });
  await app.register(liveEventsPlugin, { ...liveEvents, databaseUrl: config.databaseUrl });
  await app.register(metricsPlugin, { ...config.metrics, host: config.host });
  await app.register(sessionCachePlugin);
  await app.register(repositoriesPlugin, { adminEmails: config.adminEmails });
  await app.register(sessionSweepPlugin, config.endedSessionsSweep);
  await app.register(mediaStoragePlugin, { dataDir: config.dataDir, mediaDir: config.mediaDir });
  await app.register(mediaRemovalsPlugin);
  await app.register(authPlugin);
  await app.register(jobsPlugin, { jobs: config.jobs });
  await app.register(mailPlugin, { mail: config.mail, dataDir: config.dataDir });
  await app.register(rateLimitsPlugin, {
    limits: config.rateLimits,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
  });

  // Sign in with another account: each provider is discovered at its first use, not here.
  const providers = createProviderRegistry(config.oidcProviders, config.mail.publicUrl);

  await app.register(federationPlugin, {
    federation: config.federation,
    publicUrl: config.mail.publicUrl,
  });

  // Routes
  await app.register(healthRoutes);
  // The Mastodon client API, beside Whisp's own (routes/mastodon/).
  await app.register(mastodonRoutes, { publicUrl: config.mail.publicUrl });
  await app.register(publicAuthRoutes, { prefix: '/api/auth', ...config });
  await app.register(providerSignInRoutes, {
    prefix: '/api/auth',
    sessionLifetimeMs: config.sessionLifetimeMs,
    providers,
    publicUrl: config.mail.publicUrl,
  });
  await app.register(passwordResetRoutes, { prefix: '/api/auth/password-reset', ...config });
  await app.register(async (api) => {
    // Everything in here needs a signed-in member, counted against that member's request budget.
    api.addHook('onRequest', api.authenticate);
    // A member's answers are theirs alone: no browser cache (a shared computer's next user) or
    // shared cache keeps them. Set once signed in, so every answer after it carries it, errors
    // and rate limits too; routes may only add to it (the event stream's no-transform).
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    api.addHook('onRequest', api.memberRateLimit);
    api.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    });
    // First, so nothing registered later can shadow PATCH /api/notifications/read-all.
    await api.register(notificationRoutes, { prefix: '/api/notifications' });
    await api.register(messageRoutes, { prefix: '/api/messages' });
    await api.register(eventRoutes, { prefix: '/api/events' });
    await api.register(supportRoutes, { prefix: '/api/support' });
    await api.register(logoutRoute, { prefix: '/api/auth' });
    await api.register(accountRoutes, { prefix: '/api/users/me', ...config });
    await api.register(identityRoutes, {
      prefix: '/api/users/me',
      providers,
      publicUrl: config.mail.publicUrl,
    });
    await api.register(accountDataRoutes, {
      prefix: '/api/users',
      mediaDir: mediaDirectory(config),
    });
    await api.register(userRoutes, { prefix: '/api/users' });
    await api.register(consentRoutes, { prefix: '/api/oauth' });
    await api.register(profileTabRoutes, { prefix: '/api/users' });
    await api.register(postRoutes, { prefix: '/api/posts' });
    await api.register(pollRoutes, { prefix: '/api/polls' });
    await api.register(scheduledPostRoutes, { prefix: '/api/scheduled-posts' });
    await api.register(bookmarkRoutes, { prefix: '/api/bookmarks' });
    await api.register(searchRoutes, { prefix: '/api/search' });
    await api.register(trendRoutes, { prefix: '/api/trends' });
    await api.register(reportRoutes, { prefix: '/api' });
    await api.register(moderationRoutes, { prefix: '/api/moderation' });
    await api.register(adminRoutes, { prefix: '/api/admin' });
  });
  await app.register(mediaRoutes, { mediaDir: mediaDirectory(config) });
  await app.register(webAppPlugin, { staticDir: config.staticDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

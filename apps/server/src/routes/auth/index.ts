import {
  confirmationResponse,
  errorResponses,
  isReservedUsername,
  loginBodySchema,
  logoutBodySchema,
  normaliseUsername,
  registerBodySchema,
  registerRefusalSchema,
  sessionResponseSchema,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDecoyVerifier,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../auth/passwords.js';
import { SESSION_MESSAGES, startSession } from '../../auth/start-session.js';
import { hashSessionToken } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { UniqueFieldTakenError } from '../../db/repositories/users.js';
import { apiError } from '../../http/api-error.js';
import { toCurrentUser } from '../../http/user-shapes.js';

type Options = Pick<Config, 'passwordHashMemoryMiB' | 'sessionLifetimeMs'>;

/** Sign-up and sign-in: the only /api routes open without a session. */
export const publicAuthRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { users, sessions } = app.repositories;
  const decoy = createDecoyVerifier(options.passwordHashMemoryMiB);

  const newSession = (userId: string, userAgent: string | undefined) =>
    startSession(sessions, userId, { lifetimeMs: options.sessionLifetimeMs, userAgent });

  app.post(
    '/register',
    {
      config: { rateLimit: app.registrationRateLimit },
      schema: {
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: {
          201: sessionResponseSchema,
          400: registerRefusalSchema,
          ...errorResponses(409, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = (body.email ?? '').trim();
      // Checked on the name as it would be stored (trimmed of every kind of space, any case);
      // before the taken check, so a reserved name someone holds is still reserved, not taken.
      const username = normaliseUsername(body.username);
      if (isReservedUsername(username)) throw apiError('usernameReserved');
      const taken = await users.takenFields(email, username);
      if (taken.username) throw apiError('usernameTaken');
      if (taken.email) throw apiError('emailTaken');

      let user: Awaited<ReturnType<typeof users.create>>;
      try {
        user = await users.create({
          email,
          username,
          passwordHash: await hashPassword(body.password ?? '', options.passwordHashMemoryMiB),
          displayName: (body.display_name ?? '').trim(),
          bio: body.bio?.trim() || null,
        });
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides, and the loser hears why.
        if (error instanceof UniqueFieldTakenError) {
          throw apiError(error.field === 'username' ? 'usernameTaken' : 'emailTaken');
        }
        throw error;
      }
      const token = await newSession(user.id, request.headers['user-agent']);
      return reply.status(201).send({
        success: true as const,
        message: SESSION_MESSAGES.accountCreated,
        data: { token, user: toCurrentUser(user) },
      });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const email = (request.body.email ?? '').trim();
      const password = request.body.password ?? '';
      await app.signInLimiter.assertAllowed(request, reply);
      await decoy.ready();

      const credentials = await users.findCredentialsByEmail(email);
      // A member who signed up with a provider and set no password is refused as an unknown
      // address is, in the same time: no password signs them in.
      const storedHash = credentials?.password_hash ?? undefined;
      const valid = storedHash
        ? await verifyPassword(password, storedHash)
        : await decoy.verify(password).then(() => false);
      if (!credentials || !storedHash || !valid) {
        await app.signInLimiter.recordFailure(request);
        throw apiError('invalidCredentials');
      }
      // Only once the password is right: nobody learns that an account is suspended without it.
      if (credentials.suspended_at) throw apiError('accountSuspended');
      // Hashes made under an older scheme (scrypt) or cost are replaced while the password is known.
      if (needsRehash(storedHash, options.passwordHashMemoryMiB)) {
        const rehashed = await hashPassword(password, options.passwordHashMemoryMiB);
        await users.replacePasswordHash(credentials.id, storedHash, rehashed);
      }
      const user = await users.findById(credentials.id);
      if (!user) throw apiError('invalidCredentials');
      const token = await newSession(user.id, request.headers['user-agent']);
      return {
        success: true as const,
        message: SESSION_MESSAGES.signedIn,
        data: { token, user: toCurrentUser(user) },
      };
    },
  );
};

/** Sign-out: behind `authenticate`, since only a session's holder may end it. */
export const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out: the token stops working at once',
        body: logoutBodySchema,
        response: { 200: confirmationResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { sessions } = app.repositories;
      const tokens = new Set([request.sessionToken, request.body?.token].filter(Boolean));
      for (const token of tokens) {
        await sessions.revoke(request.member.id, hashSessionToken(token as string));
      }
      return { success: true as const, message: 'Signed out' };
    },
  );
};

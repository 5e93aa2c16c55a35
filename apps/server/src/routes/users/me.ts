import {
  AUTHENTICATED_ERRORS,
  bannerPositionBodySchema,
  bannerPositionResponse,
  currentUserResponse,
  errorResponses,
  profileChangesBodySchema,
  updatedUserResponse,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCurrentUser } from '../../http/user-shapes.js';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, follows } = app.repositories;

  app.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in member, with their email',
        response: { 200: currentUserResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      // Read afresh rather than from the cached sign-in, so the profile page shows exactly what
      // is stored, even a change made behind the server's back.
      const member = (await users.findById(request.member.id)) ?? request.member;
      return { success: true as const, data: toCurrentUser(member) };
    },
  );

  app.post(
    '/me',
    {
      schema: {
        summary: 'Change your bio, display name or whether your account is private',
        body: profileChangesBodySchema,
        response: { 200: updatedUserResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { bio, display_name, is_private } = request.body;
      if (is_private !== undefined)
        await follows.requests.setPrivate(request.member.id, is_private);
      const user = await users.updateProfile(request.member.id, {
        // An emptied bio is no bio.
        ...(bio !== undefined ? { bio: bio?.trim() || null } : {}),
        ...(display_name !== undefined ? { displayName: display_name.trim() } : {}),
      });
      return { success: true as const, user: toCurrentUser(user), message: 'Profile updated' };
    },
  );

  app.put(
    '/banner/position',
    {
      schema: {
        summary: 'Move the banner image within its frame',
        body: bannerPositionBodySchema,
        response: { 200: bannerPositionResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { position_x, position_y } = request.body;
      const user = await users.setBannerPosition(request.member.id, position_x, position_y);
      return { success: true as const, user: toCurrentUser(user) };
    },
  );
};

import {
  BANNER_POSITION_DEFAULT,
  BANNER_POSITION_MAX,
  BANNER_POSITION_MIN,
  validateBio,
  validateDisplayName,
} from '@whisp/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../http/schemas.js';
import { currentUserSchema, toCurrentUser } from '../../http/user-shapes.js';
import { currentUserResponse, updatedUserResponse } from './schemas.js';

const profileChangesSchema = z
  .object({
    bio: z.string().nullable().optional(),
    display_name: z.string().optional(),
    displayName: z.string().optional().describe('Accepted in place of display_name'),
  })
  .transform(({ displayName, ...fields }) => ({
    ...fields,
    display_name: fields.display_name ?? displayName,
  }))
  .superRefine((body, context) => {
    const bio = validateBio(body.bio);
    if (bio) context.addIssue({ code: 'custom', path: ['bio'], message: bio });
    if (body.display_name !== undefined) {
      const displayName = validateDisplayName(body.display_name);
      if (displayName) {
        context.addIssue({ code: 'custom', path: ['display_name'], message: displayName });
      }
    }
  });

const position = z.coerce
  .number()
  .refine(Number.isFinite)
  .optional()
  // Out-of-range values are clamped rather than refused: a drag past the edge means "the edge".
  .transform((value) =>
    value === undefined
      ? undefined
      : Math.min(BANNER_POSITION_MAX, Math.max(BANNER_POSITION_MIN, value)),
  );

const bannerPositionSchema = z.object({
  position_x: position.describe(
    `Percent, ${BANNER_POSITION_MIN}–${BANNER_POSITION_MAX}; default ${BANNER_POSITION_DEFAULT}`,
  ),
  position_y: position,
});

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.repositories;

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
        summary: 'Change your bio or display name',
        body: profileChangesSchema,
        response: { 200: updatedUserResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { bio, display_name } = request.body;
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
        body: bannerPositionSchema,
        response: {
          200: z.object({ success: z.literal(true), user: currentUserSchema }),
          ...errorResponses(...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request) => {
      const { position_x, position_y } = request.body;
      const user = await users.setBannerPosition(request.member.id, position_x, position_y);
      return { success: true as const, user: toCurrentUser(user) };
    },
  );
};

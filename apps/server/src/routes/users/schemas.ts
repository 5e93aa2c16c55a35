import { z } from 'zod';
import { currentUserSchema, profileSchema } from '../../http/user-shapes.js';

export const userIdParams = z.object({ id: z.string().describe('A member id') });
export const usernameParams = z.object({ username: z.string() });

export const currentUserResponse = z.object({ success: z.literal(true), data: currentUserSchema });
export const updatedUserResponse = z.object({
  success: z.literal(true),
  user: currentUserSchema,
  message: z.string(),
});
export const profileResponse = z.object({ success: z.literal(true), data: profileSchema });

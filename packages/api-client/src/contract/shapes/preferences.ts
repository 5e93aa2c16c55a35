import { z } from 'zod';
import { MESSAGE_AUDIENCES, OPTIONAL_NOTIFICATION_TYPES } from '../choices.js';

// A member's privacy and preferences (Privacy and preferences 1.2): kept on the server, so they
// hold on every device and travel in the account's export.

const notificationSwitches = Object.fromEntries(
  OPTIONAL_NOTIFICATION_TYPES.map((type) => [type, z.boolean()]),
) as Record<(typeof OPTIONAL_NOTIFICATION_TYPES)[number], z.ZodBoolean>;

export const preferencesSchema = z.object({
  messages_from: z.enum(MESSAGE_AUDIENCES),
  read_receipts: z.boolean(),
  discoverable_by_email: z.boolean(),
  notifications: z.object(notificationSwitches),
  autoplay_media: z.boolean(),
  data_saver: z.boolean(),
});

/**
 * PATCH /api/users/me/preferences: any subset, `notifications` too (the types not named keep
 * their setting). Unknown keys are refused, so a misspelt switch is an error, not a no-op.
 */
export const preferencesChangesSchema = z
  .object({
    messages_from: z.enum(MESSAGE_AUDIENCES).optional(),
    read_receipts: z.boolean().optional(),
    discoverable_by_email: z.boolean().optional(),
    notifications: z.object(notificationSwitches).partial().strict().optional(),
    autoplay_media: z.boolean().optional(),
    data_saver: z.boolean().optional(),
  })
  .strict();

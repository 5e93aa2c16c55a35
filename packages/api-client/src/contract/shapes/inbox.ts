import { z } from 'zod';
import { MESSAGE_PERMISSIONS, NOTIFICATION_TYPES } from '../choices.js';
import { userSummarySchema } from './users.js';

export const notificationSchema = z.object({
  id: z.string(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  created_at: z.string(),
  actor: userSummarySchema,
  message: z.string(),
  post: z.object({ id: z.string(), content: z.string() }).nullable(),
});

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  content: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
});

/** A conversation as one participant sees it: the other member, and their own unread count. */
export const conversationSchema = z.object({
  id: z.string(),
  participant_one_id: z.string(),
  participant_two_id: z.string(),
  other_participant_id: z.string(),
  other_participant_username: z.string(),
  other_participant_display_name: z.string(),
  other_participant_avatar_url: z.string().nullable(),
  /** Whether the viewer may write to them, or the setting that refuses them (1.2). */
  other_participant_message_permission: z.enum(MESSAGE_PERMISSIONS),
  last_message: z.string().nullable(),
  last_message_at: z.string().nullable(),
  unread_count: z.number().int(),
});

/** The `unread` live event: the member's unread counts. */
export const unreadCountsSchema = z.object({
  notifications: z.number().int(),
  messages: z.number().int(),
});

import type { conversationSchema, messageSchema } from '@whisp/api-client/contract';
import type { z } from 'zod';
import type { ConversationRow } from '../../db/repositories/conversations.js';
import type { MessageRow } from '../../db/repositories/messages.js';
import { mediaUrl } from '../../http/user-shapes.js';

export type MessageShape = z.infer<typeof messageSchema>;

/**
 * A message as `viewerId` sees it: one its recipient read with read receipts off stays unread
 * to its sender.
 */
export function toMessage(row: MessageRow, viewerId: string): MessageShape {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    content: row.content,
    created_at: row.created_at.toISOString(),
    is_read: row.is_read && (viewerId === row.recipient_id || !row.read_privately),
  };
}

export function toConversation(row: ConversationRow): z.infer<typeof conversationSchema> {
  return {
    id: row.id,
    participant_one_id: row.participant_one_id,
    participant_two_id: row.participant_two_id,
    other_participant_id: row.other_id,
    other_participant_username: row.other_username,
    other_participant_display_name: row.other_display_name,
    other_participant_avatar_url: mediaUrl(row.other_avatar_key),
    other_participant_message_permission: row.other_message_permission,
    last_message: row.last_message,
    // A conversation nobody has written in yet sorts (and shows) by when it was opened.
    last_message_at: (row.last_message_at ?? row.created_at).toISOString(),
    unread_count: Number(row.unread_count ?? 0),
  };
}

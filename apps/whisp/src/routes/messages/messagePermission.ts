import type { Conversation, Profile } from '@whisp/api-client';
import type { MessagePermissionStatus } from '@whisp/api-client/contract/choices';
import type { MessagePermission } from '@whisp/ui';

/**
 * What the open chat shows in place of the message box. The conversation says beforehand whether
 * its other member takes the viewer's messages, and which of their settings refuses them. A send
 * refused since (they changed the setting while the chat was open) closes it too: its reason is
 * unknown until the conversation is read again.
 */
export function chatPermission(
  status: MessagePermissionStatus | undefined,
  refusedHere: boolean,
): MessagePermission {
  if (status !== undefined && status !== 'allowed') return { allowed: false, reason: status };
  return refusedHere ? { allowed: false } : { allowed: true };
}

const DRAFT_PREFIX = 'draft-';

/**
 * The chat with a member before any conversation exists. The server starts none with a member
 * who takes no messages from the viewer, yet the Message button should open the chat on the
 * notice that says so, and why, at once: the chat is shown from their profile. Its id is no
 * server's; a message that does go through opens the real conversation.
 */
export function draftConversation(viewerId: string, member: Profile): Conversation {
  // The pair in the order the server keeps it, whoever starts the conversation.
  const [one, two] = viewerId < member.id ? [viewerId, member.id] : [member.id, viewerId];
  return {
    id: `${DRAFT_PREFIX}${member.id}`,
    participant_one_id: one,
    participant_two_id: two,
    other_participant_id: member.id,
    other_participant_username: member.username,
    other_participant_display_name: member.display_name,
    other_participant_avatar_url: member.profile_picture_url,
    other_participant_message_permission: member.message_permission,
    last_message: null,
    last_message_at: null,
    unread_count: 0,
  };
}

import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import type { ChatMessage, MessagePermission } from '@whisp/ui';
import { useCallback, useState } from 'react';

interface Refused {
  conversationId: string;
  message: ChatMessage;
}

/** Whether a send failed because the other member takes no messages from the viewer. */
export function isMessagesNotAccepted(reason: unknown): boolean {
  return isApiError(reason) && reason.code === ERRORS.messagesNotAccepted.code;
}

/**
 * The API tells nobody beforehand whether a member accepts their messages (a Conversation has no
 * such field), so the chat learns it from the first refused send (403 MESSAGES_NOT_ACCEPTED).
 * From then on the conversation shows the permission notice in place of the message box, and the
 * refused text stays in the thread as a failed message (Try again), so nothing typed is lost.
 */
export function useRefusedMessages(conversationId: string | null) {
  const [refused, setRefused] = useState<Refused[]>([]);

  const refuse = useCallback((refusedIn: string, message: ChatMessage) => {
    setRefused((current) => [
      ...current.filter((item) => item.message.id !== message.id),
      { conversationId: refusedIn, message: { ...message, status: 'failed' } },
    ]);
  }, []);

  const forget = useCallback((messageId: string) => {
    setRefused((current) => current.filter((item) => item.message.id !== messageId));
  }, []);

  const here = refused.filter((item) => item.conversationId === conversationId);
  const permission: MessagePermission = here.length > 0 ? { allowed: false } : { allowed: true };
  return { messages: here.map((item) => item.message), permission, refuse, forget };
}

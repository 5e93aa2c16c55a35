import { isApiError } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import type { ChatMessage } from '@whisp/ui';
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
 * Sends refused with 403 MESSAGES_NOT_ACCEPTED. A conversation says beforehand whether its other
 * member takes the viewer's messages, but they may change their setting while the chat is open:
 * the first refused send then closes the message box (`refusedHere`, see chatPermission), and the
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
  return {
    messages: here.map((item) => item.message),
    refusedHere: here.length > 0,
    refuse,
    forget,
  };
}

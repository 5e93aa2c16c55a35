import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@whisp/api-client';
import { userQueries } from '@whisp/api-client/react';
import { useEffect } from 'react';
import { client } from '../../client';
import { draftConversation } from './messagePermission';

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * `/messages?to={username}`: the chat with a member from their profile's Message button, when
 * no conversation can be started (they take no messages from the viewer). Their profile, most
 * likely cached by the profile page, names the chat and says why at once. Once a conversation
 * with them is listed (one already there, or a message that went through), it opens instead.
 */
export function useDraftConversation(
  username: string | null,
  viewerId: string,
  conversations: Conversation[] | undefined,
  openConversation: (id: string) => void,
): Conversation | undefined {
  const profile = useQuery({
    ...userQueries.byUsername(client, username ?? ''),
    enabled: username !== null,
  });
  const existing =
    username === null
      ? undefined
      : conversations?.find((item) => sameName(item.other_participant_username, username));

  const existingId = existing?.id;
  useEffect(() => {
    if (existingId) openConversation(existingId);
  }, [existingId, openConversation]);

  // Only once the list is read, so that an existing conversation is never shown as a new one.
  if (username === null || existing || !conversations || !profile.data) return undefined;
  return draftConversation(viewerId, profile.data);
}

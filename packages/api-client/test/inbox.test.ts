import { describe, expect, it } from 'vitest';
import {
  messageMutations,
  messageQueries,
  notificationMutations,
  notificationQueries,
} from '../src/react/index.js';
import { defined } from './support/defined.js';
import { runMutation, setupQueryWorld } from './support/queryWorld.js';

const { world } = setupQueryWorld();

describe('notifications in the cache', () => {
  it('marking one read updates the list and lowers the badge by one', async () => {
    const { client, queryClient } = world;
    const list = await queryClient.fetchInfiniteQuery(notificationQueries.list(client));
    const badge = await queryClient.fetchQuery(notificationQueries.unreadCount(client));
    const unread = defined(list.pages[0]?.notifications.find((n) => !n.is_read));
    await runMutation(queryClient, notificationMutations.markRead(client, queryClient), unread.id);
    const after = defined(queryClient.getQueryData(notificationQueries.list(client).queryKey));
    expect(after.pages[0]?.notifications.find((n) => n.id === unread.id)?.is_read).toBe(true);
    expect(queryClient.getQueryData(notificationQueries.unreadCount(client).queryKey)).toBe(
      badge - 1,
    );
  });

  it('"Mark all read" clears every unread one and the badge', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchInfiniteQuery(notificationQueries.list(client));
    await queryClient.fetchQuery(notificationQueries.unreadCount(client));
    await runMutation(
      queryClient,
      notificationMutations.markAllRead(client, queryClient),
      undefined,
    );
    const after = defined(queryClient.getQueryData(notificationQueries.list(client).queryKey));
    expect(after.pages.flatMap((page) => page.notifications).every((n) => n.is_read)).toBe(true);
    expect(queryClient.getQueryData(notificationQueries.unreadCount(client).queryKey)).toBe(0);
  });

  it('a failed "Mark all read" changes nothing', async () => {
    const { client, queryClient, mock } = world;
    const before = await queryClient.fetchInfiniteQuery(notificationQueries.list(client));
    mock.setScenario('error');
    await expect(
      runMutation(queryClient, notificationMutations.markAllRead(client, queryClient), undefined),
    ).rejects.toThrow('Something went wrong on our side. Please try again.');
    expect(queryClient.getQueryData(notificationQueries.list(client).queryKey)).toEqual(before);
  });
});

describe('messages in the cache', () => {
  it('a sent message appears at the end of its open conversation once', async () => {
    const { client, queryClient } = world;
    const [conversation] = await queryClient.fetchQuery(messageQueries.conversations(client));
    const { id, other_participant_id } = defined(conversation);
    await queryClient.fetchInfiniteQuery(messageQueries.conversation(client, id));
    const sent = await runMutation(queryClient, messageMutations.send(client, queryClient), {
      recipient_id: other_participant_id,
      content: 'On my way',
    });
    const pages = defined(
      queryClient.getQueryData(messageQueries.conversation(client, id).queryKey),
    );
    const all = pages.pages.flat();
    expect(all.at(-1)).toEqual(sent);
    expect(all.filter((m) => m.id === sent.id)).toHaveLength(1);
    expect(
      queryClient.getQueryState(messageQueries.conversations(client).queryKey)?.isInvalidated,
    ).toBe(true);
  });

  it('opening a chat marks the received unread messages read', async () => {
    const { client, queryClient } = world;
    const conversations = await queryClient.fetchQuery(messageQueries.conversations(client));
    const withUnread = defined(conversations.find((c) => c.unread_count > 0));
    const pages = await queryClient.fetchInfiniteQuery(
      messageQueries.conversation(client, withUnread.id),
    );
    const me = await client.users.me();
    const unread = pages.pages.flat().filter((m) => m.recipient_id === me.id && !m.is_read);
    expect(unread.length).toBeGreaterThan(0);
    await runMutation(queryClient, messageMutations.markRead(client, queryClient), {
      conversationId: withUnread.id,
      messageIds: unread.map((m) => m.id),
    });
    const after = defined(
      queryClient.getQueryData(messageQueries.conversation(client, withUnread.id).queryKey),
    );
    expect(
      after.pages
        .flat()
        .filter((m) => m.recipient_id === me.id)
        .every((m) => m.is_read),
    ).toBe(true);
    expect(await client.messages.unreadCount()).toBe(0);
  });
});

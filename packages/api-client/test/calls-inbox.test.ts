import { describe, expect, it } from 'vitest';
import {
  buildConversation,
  buildMessage,
  buildNotification,
  buildUser,
} from '../src/mocks/index.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

describe('notifications calls', () => {
  it('list sends limit and the before cursor and prefixes actor avatars', async () => {
    const notification = buildNotification({ actor: buildUser({ avatar: '/media/actor.webp' }) });
    const seen = answer({
      success: true,
      data: { notifications: [notification], unread_count: 3 },
    });
    const page = await clientWith().notifications.list({ limit: 20, before: 'n-9' });
    expect(page.unread_count).toBe(3);
    expect(page.notifications[0]?.actor.avatar).toBe(`${API}/media/actor.webp`);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/notifications',
      query: { limit: '20', before: 'n-9' },
    });
  });

  it('markRead and markAllRead patch their paths', async () => {
    const seen = answer({ success: true, data: { updated: 2 } });
    const client = clientWith();
    await client.notifications.markRead('n-1');
    await expect(client.notifications.markAllRead()).resolves.toEqual({ updated: 2 });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /api/notifications/n-1/read',
      'PATCH /api/notifications/read-all',
    ]);
  });
});

describe('messages calls', () => {
  it('conversations pages and prefixes the other participant avatar', async () => {
    const conversation = buildConversation({ other_participant_avatar_url: '/media/o.webp' });
    const seen = answer({ success: true, data: [conversation] });
    const [result] = await clientWith().messages.conversations({ page: 1, limit: 50 });
    expect(result?.other_participant_avatar_url).toBe(`${API}/media/o.webp`);
    expect(seen[0]).toMatchObject({
      path: '/api/messages/conversations',
      query: { page: '1', limit: '50' },
    });
  });

  it('list reads one conversation page by page', async () => {
    const message = buildMessage();
    const seen = answer({ success: true, data: [message] });
    await expect(clientWith().messages.list('c-1', { page: 1, limit: 100 })).resolves.toEqual([
      message,
    ]);
    expect(seen[0]).toMatchObject({
      path: '/api/messages/conversations/c-1/messages',
      query: { page: '1', limit: '100' },
    });
  });

  it('send posts recipient and content', async () => {
    const seen = answer({ success: true, data: buildMessage() }, 201);
    await clientWith().messages.send({ recipient_id: 'user-2', content: 'Hi' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/messages',
      json: { recipient_id: 'user-2', content: 'Hi' },
    });
  });

  it('start posts to the member path', async () => {
    const seen = answer({ success: true, data: buildConversation() });
    await clientWith().messages.start('user-2');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/messages/start/user-2' });
  });

  it('markRead patches the message ids; unreadCount returns the number', async () => {
    const seen = answer({ success: true, data: { updated: 2, unread_count: 4 } });
    const client = clientWith();
    await client.messages.markRead(['m-1', 'm-2']);
    await expect(client.messages.unreadCount()).resolves.toBe(4);
    expect(seen[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/messages/read',
      json: { message_ids: ['m-1', 'm-2'] },
    });
    expect(seen[1]).toMatchObject({ method: 'GET', path: '/api/messages/unread-count' });
  });
});

describe('support and events', () => {
  it('support submit posts the whole request and returns the id and message', async () => {
    const seen = answer(
      { success: true, message: 'We will reply within 24-48 hours.', data: { id: 's-1' } },
      201,
    );
    const request = {
      category: 'bug',
      priority: 'high',
      subject: 'Crash',
      description: 'It crashed',
      include_system_info: true,
      system_info: { browser: 'test' },
    } as const;
    await expect(clientWith().support.submit(request)).resolves.toEqual({
      id: 's-1',
      message: 'We will reply within 24-48 hours.',
    });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/support', json: request });
  });

  it('the event stream URL carries the token in the query (EventSource cannot set headers)', () => {
    expect(clientWith('a b').events.streamUrl()).toBe(`${API}/api/events?token=a+b`);
  });
});

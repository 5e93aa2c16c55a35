import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

interface ShownNotification {
  id: string;
  notification_type: string;
  is_read: boolean;
  actor: { id: string; username: string };
  message: string;
  post: { id: string; content: string } | null;
}

describe('notifications', () => {
  let testApp: TestApp;
  let as: ReturnType<typeof asMember>;
  beforeAll(async () => {
    testApp = await createTestApp();
    as = asMember(testApp.app);
  });
  afterAll(() => testApp.close());

  const member = () => registerMember(testApp.app);
  const inbox = async (who: TestMember, query = '') => {
    const response = await as.get(`/api/notifications${query}`, who);
    expect(response.statusCode).toBe(200);
    return response.json().data as { notifications: ShownNotification[]; unread_count: number };
  };
  const patch = (url: string, who: TestMember | null) =>
    testApp.app.inject({ method: 'PATCH', url, ...(who ? { headers: who.headers } : {}) });

  it('tells the author of a liked whisp who liked it', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Morning, world');

    await as.post(`/api/posts/${whisp.id}/like`, fan);

    const { notifications, unread_count } = await inbox(author);
    expect(unread_count).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({
        notification_type: 'like',
        is_read: false,
        actor: expect.objectContaining({ id: fan.id, username: fan.username }),
        message: 'liked your whisp',
        post: { id: whisp.id, content: 'Morning, world' },
      }),
    ]);
    expect((await inbox(fan)).notifications).toEqual([]);
  });

  it('leaves one notification after like, unlike and like again, and none after the unlike', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Toggle me');

    await as.post(`/api/posts/${whisp.id}/like`, fan);
    await as.post(`/api/posts/${whisp.id}/like`, fan);
    expect((await inbox(author)).notifications).toHaveLength(1);
    await as.post(`/api/posts/${whisp.id}/unlike`, fan);
    expect(await inbox(author)).toEqual({ notifications: [], unread_count: 0 });
    await as.post(`/api/posts/${whisp.id}/like`, fan);

    const { notifications, unread_count } = await inbox(author);
    expect(notifications.map((n) => n.notification_type)).toEqual(['like']);
    expect(unread_count).toBe(1);
  });

  it('never notifies members of what they do to their own whisps or themselves', async () => {
    const author = await member();
    const whisp = await as.whisp(author, `Talking to myself, @${author.username}`);

    // Each of these succeeds: none was refused on the way to telling nobody.
    expect((await as.post(`/api/posts/${whisp.id}/like`, author)).statusCode).toBe(200);
    expect(
      (await as.post(`/api/posts/${whisp.id}/rewhisp`, author, { comment: null })).statusCode,
    ).toBe(200);
    expect(
      (await as.post(`/api/posts/${whisp.id}/reply`, author, { content: 'And replying' }))
        .statusCode,
    ).toBe(201);
    expect((await as.get(`/api/posts/${whisp.id}`, author)).json().data).toMatchObject({
      like_count: 1,
      rewhisp_count: 1,
      reply_count: 1,
    });

    expect(await inbox(author)).toEqual({ notifications: [], unread_count: 0 });
  });

  it('notifies a follow once, and an unfollow takes it back', async () => {
    const [followed, follower] = [await member(), await member()];

    await as.post(`/api/users/${followed.id}/follow`, follower);
    await as.post(`/api/users/${followed.id}/follow`, follower);
    const afterFollow = await inbox(followed);
    expect(afterFollow.notifications).toEqual([
      expect.objectContaining({
        notification_type: 'follow',
        message: 'started following you',
        post: null,
      }),
    ]);

    await as.post(`/api/users/${followed.id}/unfollow`, follower);
    expect((await inbox(followed)).notifications).toEqual([]);
  });

  it('notifies a rewhisp of the original, and an unrewhisp takes it back', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Worth sharing');

    await as.post(`/api/posts/${whisp.id}/rewhisp`, fan, { comment: 'Look' });
    expect((await inbox(author)).notifications).toEqual([
      expect.objectContaining({
        notification_type: 'rewhisp',
        post: { id: whisp.id, content: 'Worth sharing' },
      }),
    ]);

    await as.post(`/api/posts/${whisp.id}/unrewhisp`, fan);
    expect((await inbox(author)).notifications).toEqual([]);
  });

  it('notifies a reply to the author once, even when the reply also mentions them', async () => {
    const [author, replier] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Ask me anything');

    const reply = await as.post(`/api/posts/${whisp.id}/reply`, replier, {
      content: `@${author.username} what is your favourite colour?`,
    });
    expect(reply.statusCode).toBe(201);

    const { notifications } = await inbox(author);
    expect(notifications).toEqual([
      expect.objectContaining({
        notification_type: 'reply',
        message: 'replied to your whisp',
        post: { id: reply.json().data.id, content: expect.stringContaining('favourite colour') },
      }),
    ]);
  });

  it('notifies every existing member a whisp mentions, whatever the case typed', async () => {
    const [author, first, second] = [await member(), await member(), await member()];

    const whisp = await as.whisp(
      author,
      `Thanks @${first.username.toUpperCase()} and @${second.username}, not @nobody_by_that_name`,
    );

    for (const mentioned of [first, second]) {
      expect((await inbox(mentioned)).notifications).toEqual([
        expect.objectContaining({
          notification_type: 'mention',
          message: 'mentioned you in a whisp',
          actor: expect.objectContaining({ id: author.id }),
          post: expect.objectContaining({ id: whisp.id }),
        }),
      ]);
    }
  });

  it('notifies a member mentioned in a reply to someone else', async () => {
    const [author, replier, mentioned] = [await member(), await member(), await member()];
    const whisp = await as.whisp(author, 'Who knows the answer?');

    await as.post(`/api/posts/${whisp.id}/reply`, replier, {
      content: `@${mentioned.username} does`,
    });

    expect((await inbox(author)).notifications.map((n) => n.notification_type)).toEqual(['reply']);
    expect((await inbox(mentioned)).notifications.map((n) => n.notification_type)).toEqual([
      'mention',
    ]);
  });

  it('notifies the recipient of a direct message', async () => {
    const [sender, recipient] = [await member(), await member()];

    await as.post('/api/messages', sender, { recipient_id: recipient.id, content: 'Hi!' });

    expect((await inbox(recipient)).notifications).toEqual([
      expect.objectContaining({
        notification_type: 'direct_message',
        message: 'sent you a message',
        actor: expect.objectContaining({ id: sender.id }),
        post: null,
      }),
    ]);
    expect((await inbox(sender)).notifications).toEqual([]);
  });

  it('drops the notification of a whisp that is deleted', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Here today');
    await as.post(`/api/posts/${whisp.id}/like`, fan);

    await as.delete(`/api/posts/${whisp.id}`, author);

    expect(await inbox(author)).toEqual({ notifications: [], unread_count: 0 });
  });

  it('lists newest first and pages with the id of the last one seen', async () => {
    const author = await member();
    const fans = [await member(), await member(), await member()];
    const whisp = await as.whisp(author, 'Popular');
    for (const fan of fans) await as.post(`/api/posts/${whisp.id}/like`, fan);

    const first = await inbox(author, '?limit=2');
    expect(first.notifications.map((n) => n.actor.id)).toEqual([fans[2]?.id, fans[1]?.id]);
    expect(first.unread_count).toBe(3);
    const second = await inbox(author, `?limit=2&before=${first.notifications[1]?.id}`);
    expect(second.notifications.map((n) => n.actor.id)).toEqual([fans[0]?.id]);
  });

  it('refuses a limit that is not a number, and clamps one out of range', async () => {
    const someone = await member();
    expect((await as.get('/api/notifications?limit=abc', someone)).statusCode).toBe(400);
    expect((await as.get('/api/notifications?limit=-5', someone)).statusCode).toBe(200);
  });

  it('marks one notification read, and again is still a success', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Read me');
    await as.post(`/api/posts/${whisp.id}/like`, fan);
    const [notification] = (await inbox(author)).notifications;

    const first = await patch(`/api/notifications/${notification?.id}/read`, author);
    const second = await patch(`/api/notifications/${notification?.id}/read`, author);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect(second.statusCode).toBe(200);
    expect(await inbox(author)).toEqual({
      notifications: [expect.objectContaining({ id: notification?.id, is_read: true })],
      unread_count: 0,
    });
  });

  it('answers 404 for marking someone else’s notification, and leaves it unread', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Mine');
    await as.post(`/api/posts/${whisp.id}/like`, fan);
    const [notification] = (await inbox(author)).notifications;

    const response = await patch(`/api/notifications/${notification?.id}/read`, fan);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOTIFICATION_NOT_FOUND' });
    expect((await inbox(author)).unread_count).toBe(1);
    expect((await patch('/api/notifications/not-an-id/read', author)).statusCode).toBe(404);
  });

  it('marks all of yours read and says how many changed', async () => {
    const [author, fan, other] = [await member(), await member(), await member()];
    const whisp = await as.whisp(author, 'All of them');
    await as.post(`/api/posts/${whisp.id}/like`, fan);
    await as.post(`/api/users/${author.id}/follow`, fan);
    await as.post(`/api/users/${other.id}/follow`, fan);

    const response = await patch('/api/notifications/read-all', author);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { updated: 2 } });
    expect((await inbox(author)).unread_count).toBe(0);
    expect((await inbox(other)).unread_count).toBe(1);
    expect((await patch('/api/notifications/read-all', author)).json().data).toEqual({
      updated: 0,
    });
  });
});

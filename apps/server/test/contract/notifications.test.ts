import { describe, expect, it } from 'vitest';
import { localAddressOf } from './member-address.js';
import {
  act,
  expectError,
  follow,
  ISO_TIME,
  type Member,
  notificationsOf,
  ok,
  reply,
  signUp,
  TARGETS,
  useTarget,
  whisp,
} from './target.js';

interface Seen {
  notification_type: string;
  actor: { id: string };
  post: { id: string; content: string } | null;
}

const summary = (member: Member) => ({
  id: member.id,
  username: member.username,
  ...localAddressOf(member),
  display_name: member.display_name,
  avatar: null,
  is_verified: false,
});

describe.each(TARGETS)('notifications (%s)', (name) => {
  const target = useTarget(name);
  const kinds = async (member: Member) =>
    ((await notificationsOf(target, member)).notifications as Seen[]).map((n) => [
      n.notification_type,
      n.actor.id,
      n.post?.id ?? null,
    ]);

  it('tells of a like, follow, rewhisp, reply, mention and message, newest first, with their words', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Notice me');
    await act(target, fan, post.id, 'like');
    await follow(target, fan, author);
    await act(target, fan, post.id, 'rewhisp');
    const answer = await reply(target, fan, post.id, 'A reply');
    const mention = await whisp(target, fan, `Hello @${author.username}`);
    ok(
      await target.call('POST', '/api/messages', {
        token: fan.token,
        json: { recipient_id: author.id, content: 'Psst' },
      }),
      201,
    );
    const body = ok(await target.call('GET', '/api/notifications', { token: author.token }));
    expect(body.data.unread_count).toBe(6);
    expect(body.data.notifications).toEqual(
      [
        ['direct_message', 'sent you a message', null],
        ['mention', 'mentioned you in a whisp', { id: mention.id, content: mention.content }],
        ['reply', 'replied to your whisp', { id: answer.id, content: 'A reply' }],
        ['rewhisp', 'rewhisped your whisp', { id: post.id, content: 'Notice me' }],
        ['follow', 'started following you', null],
        ['like', 'liked your whisp', { id: post.id, content: 'Notice me' }],
      ].map(([notification_type, message, target]) => ({
        id: expect.any(String),
        notification_type,
        is_read: false,
        created_at: expect.stringMatching(ISO_TIME),
        actor: summary(fan),
        message,
        post: target,
      })),
    );
  });

  it('never tells you of your own doings', async () => {
    const member = await signUp(target);
    const post = await whisp(target, member, `Talking to myself, @${member.username}`);
    await act(target, member, post.id, 'like');
    await act(target, member, post.id, 'rewhisp');
    await reply(target, member, post.id, `Me again @${member.username}`);
    expect(await kinds(member)).toEqual([]);
  });

  it('gives one notification for a reply that mentions the author, one per mentioned member however written', async () => {
    const [author, replier, third] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(target, author, 'Thread');
    const answer = await reply(
      target,
      replier,
      post.id,
      `@${author.username} and @${third.username} @${third.username.toUpperCase()}`,
    );
    expect(await kinds(author)).toEqual([['reply', replier.id, answer.id]]);
    expect(await kinds(third)).toEqual([['mention', replier.id, answer.id]]);
  });

  it('mentions nobody in an email address', async () => {
    const [author, named] = [await signUp(target), await signUp(target)];
    await whisp(target, author, `Write to me@${named.username}.com`);
    expect(await kinds(named)).toEqual([]);
  });

  it('takes back the notification of an undone like, rewhisp or follow', async () => {
    const [author, fan] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Fickle');
    await act(target, fan, post.id, 'like');
    await act(target, fan, post.id, 'rewhisp');
    await follow(target, fan, author);
    await act(target, fan, post.id, 'unlike');
    await act(target, fan, post.id, 'unrewhisp');
    ok(await target.call('POST', `/api/users/${author.id}/unfollow`, { token: fan.token }));
    expect((await notificationsOf(target, author)).unread_count).toBe(0);
    expect(await kinds(author)).toEqual([]);
    await act(target, fan, post.id, 'like');
    await act(target, fan, post.id, 'like');
    expect(await kinds(author)).toEqual([['like', fan.id, post.id]]);
  });

  it('marks one as read, then all; someone else’s or an unknown one is 404', async () => {
    const [member, fan, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    await follow(target, fan, member);
    await follow(target, stranger, member);
    const [newest] = (await notificationsOf(target, member)).notifications as { id: string }[];
    const id = newest?.id as string;
    for (let i = 0; i < 2; i += 1) {
      expect(
        ok(await target.call('PATCH', `/api/notifications/${id}/read`, { token: member.token })),
      ).toEqual({ success: true });
    }
    const after = await notificationsOf(target, member);
    expect(after.unread_count).toBe(1);
    expect(after.notifications.map((n: { is_read: boolean }) => n.is_read)).toEqual([true, false]);
    for (const path of [`/api/notifications/${id}/read`, '/api/notifications/no-such-one/read']) {
      expectError(
        await target.call('PATCH', path, { token: stranger.token }),
        404,
        'NOTIFICATION_NOT_FOUND',
        'Notification not found',
      );
    }
    expect(
      ok(await target.call('PATCH', '/api/notifications/read-all', { token: member.token })),
    ).toEqual({ success: true, data: { updated: 1 } });
    expect(
      ok(await target.call('PATCH', '/api/notifications/read-all', { token: member.token })).data,
    ).toEqual({ updated: 0 });
    expect((await notificationsOf(target, member)).unread_count).toBe(0);
  });

  it('pages with limit and before', async () => {
    const member = await signUp(target);
    const fans = [await signUp(target), await signUp(target), await signUp(target)];
    for (const fan of fans) await follow(target, fan, member);
    const page = async (query: string) =>
      (
        ok(await target.call('GET', `/api/notifications?${query}`, { token: member.token })).data
          .notifications as Seen[]
      ).map((n) => n.actor.id);
    expect(await page('limit=2')).toEqual([fans[2]?.id, fans[1]?.id]);
    const first = ok(
      await target.call('GET', '/api/notifications?limit=2', { token: member.token }),
    ).data.notifications[1].id;
    expect(await page(`limit=2&before=${first}`)).toEqual([fans[0]?.id]);
  });
});

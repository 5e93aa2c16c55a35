import { ERRORS, FOLLOW_REQUEST_MESSAGES, NOTIFICATION_MESSAGES } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { importInto, manifest, zipOf } from './archive.js';
import { makePrivate } from './privacy-helpers.js';
import {
  act,
  expectError,
  follow,
  type Member,
  notificationsOf,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

// Privacy and preferences (1.2), private accounts: follow requests and their answers.

const call = (target: Target, member: Member, method: string, path: string, json?: object) =>
  target.call(method, path, { token: member.token, ...(json ? { json } : {}) });

const requestsOf = async (target: Target, member: Member) =>
  ok(await call(target, member, 'GET', '/api/users/me/follow-requests')).data as {
    id: string;
  }[];

const decide = (target: Target, member: Member, requester: Member, decision: string) =>
  call(target, member, 'POST', `/api/users/me/follow-requests/${requester.id}/${decision}`);

const profile = async (target: Target, viewer: Member, member: Member) =>
  ok(await call(target, viewer, 'GET', `/api/users/${member.id}`)).data;

interface Seen {
  notification_type: string;
  actor: { id: string };
}

const typesFrom = async (target: Target, member: Member, actor: Member) =>
  ((await notificationsOf(target, member)).notifications as Seen[])
    .filter((notification) => notification.actor.id === actor.id)
    .map((notification) => notification.notification_type);

describe.each(TARGETS)('private accounts (%s)', (name) => {
  const target = useTarget(name);

  it('turns privacy on and off through POST /api/users/me, shown to its owner and to others', async () => {
    const [owner, other] = [await signUp(target), await signUp(target)];
    expect(ok(await call(target, owner, 'GET', '/api/users/me')).data.is_private).toBe(false);
    expect((await makePrivate(target, owner)).user.is_private).toBe(true);
    expect(ok(await call(target, owner, 'GET', '/api/users/me')).data.is_private).toBe(true);
    expect((await profile(target, other, owner)).is_private).toBe(true);
    expect((await makePrivate(target, owner, false)).user.is_private).toBe(false);
    expect((await profile(target, other, owner)).is_private).toBe(false);
  });

  it('makes a follow of a private member a request, with a follow_request notification', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    for (let i = 0; i < 2; i += 1) {
      expect(await follow(target, asker, owner)).toEqual({
        success: true,
        message: FOLLOW_REQUEST_MESSAGES.sent,
        data: { is_following: false, is_requested: true, followers_count: 0 },
      });
    }
    const seen = await profile(target, asker, owner);
    expect([seen.is_following, seen.is_requested, seen.followers_count]).toEqual([false, true, 0]);
    expect((await requestsOf(target, owner)).map((member) => member.id)).toEqual([asker.id]);
    const { notifications } = await notificationsOf(target, owner);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      notification_type: 'follow_request',
      actor: { id: asker.id },
      message: NOTIFICATION_MESSAGES.follow_request,
    });
  });

  it('keeps a private member the viewer asked to follow among their suggestions, as requested', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    const suggestionOf = async () =>
      (
        ok(await call(target, asker, 'GET', '/api/users/suggested?limit=100')).data as {
          id: string;
          is_requested: boolean;
        }[]
      ).find((member) => member.id === owner.id);
    expect((await suggestionOf())?.is_requested).toBe(false);
    await follow(target, asker, owner);
    expect((await suggestionOf())?.is_requested).toBe(true);
    await call(target, asker, 'POST', `/api/users/${owner.id}/unfollow`);
    expect((await suggestionOf())?.is_requested).toBe(false);
  });

  it('lists requests oldest first', async () => {
    const owner = await signUp(target);
    await makePrivate(target, owner);
    const askers = [await signUp(target), await signUp(target), await signUp(target)];
    for (const asker of askers) await follow(target, asker, owner);
    expect((await requestsOf(target, owner)).map((member) => member.id)).toEqual(
      askers.map((asker) => asker.id),
    );
  });

  it('withdraws a request on unfollow, with its notification', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    await follow(target, asker, owner);
    const undone = ok(await call(target, asker, 'POST', `/api/users/${owner.id}/unfollow`));
    expect(undone.data).toEqual({ is_following: false, is_requested: false, followers_count: 0 });
    expect(await requestsOf(target, owner)).toEqual([]);
    expect(await typesFrom(target, owner, asker)).toEqual([]);
    expect((await profile(target, asker, owner)).is_requested).toBe(false);
  });

  it('accepts a request: a follow, counted, its notification now a follow', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    await follow(target, asker, owner);
    expect(ok(await decide(target, owner, asker, 'accept'))).toEqual({
      success: true,
      message: FOLLOW_REQUEST_MESSAGES.accepted,
      data: { followers_count: 1 },
    });
    expect(await requestsOf(target, owner)).toEqual([]);
    const seen = await profile(target, asker, owner);
    expect([seen.is_following, seen.is_requested, seen.followers_count]).toEqual([true, false, 1]);
    expect(await typesFrom(target, owner, asker)).toEqual(['follow']);
    // Following again once accepted stays one follow, no new request.
    expect((await follow(target, asker, owner)).data).toEqual({
      is_following: true,
      is_requested: false,
      followers_count: 1,
    });
  });

  it('leaves no notification of an accepted request for a member with follow notifications off', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    ok(
      await call(target, owner, 'PATCH', '/api/users/me/preferences', {
        notifications: { follow: false },
      }),
    );
    await follow(target, asker, owner);
    expect(await typesFrom(target, owner, asker)).toEqual(['follow_request']);
    ok(await decide(target, owner, asker, 'accept'));
    // A follow would have made none: the answered request's goes rather than turning into one.
    expect(await typesFrom(target, owner, asker)).toEqual([]);
    expect((await profile(target, asker, owner)).is_following).toBe(true);
  });

  it('declines a request: no follow, no request, no notification left', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    await follow(target, asker, owner);
    expect(ok(await decide(target, owner, asker, 'reject'))).toEqual({
      success: true,
      message: FOLLOW_REQUEST_MESSAGES.rejected,
      data: { followers_count: 0 },
    });
    expect(await requestsOf(target, owner)).toEqual([]);
    expect(await typesFrom(target, owner, asker)).toEqual([]);
    const seen = await profile(target, asker, owner);
    expect([seen.is_following, seen.is_requested]).toEqual([false, false]);
  });

  it('answers 404 FOLLOW_REQUEST_NOT_FOUND for a request that does not exist', async () => {
    const [owner, stranger] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    const { status, code, message } = ERRORS.followRequestNotFound;
    for (const decision of ['accept', 'reject']) {
      expectError(await decide(target, owner, stranger, decision), status, code, message);
      expectError(
        await call(target, owner, 'POST', `/api/users/me/follow-requests/nobody/${decision}`),
        status,
        code,
        message,
      );
    }
    // Answered once, a request is gone.
    await follow(target, stranger, owner);
    ok(await decide(target, owner, stranger, 'accept'));
    expectError(await decide(target, owner, stranger, 'reject'), status, code, message);
  });

  it('accepts every pending request when privacy is turned off, counts equal to the rows', async () => {
    const owner = await signUp(target);
    await makePrivate(target, owner);
    const askers = [await signUp(target), await signUp(target)];
    for (const asker of askers) await follow(target, asker, owner);
    await makePrivate(target, owner, false);
    expect(await requestsOf(target, owner)).toEqual([]);
    const seen = await profile(target, askers[0] as Member, owner);
    expect([seen.is_following, seen.is_requested, seen.followers_count]).toEqual([true, false, 2]);
    const followers = ok(await call(target, owner, 'GET', `/api/users/${owner.id}/followers`));
    expect(followers.data).toHaveLength(2);
  });

  it('follows a public member at once, as before', async () => {
    const [member, fan] = [await signUp(target), await signUp(target)];
    expect((await follow(target, fan, member)).data).toEqual({
      is_following: true,
      is_requested: false,
      followers_count: 1,
    });
  });

  it('removes a pending request both ways when a block comes between', async () => {
    const [owner, asker] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    await makePrivate(target, asker);
    await follow(target, asker, owner);
    await follow(target, owner, asker);
    ok(await call(target, owner, 'POST', `/api/users/${asker.id}/block`));
    expect(await requestsOf(target, owner)).toEqual([]);
    expect(await requestsOf(target, asker)).toEqual([]);
    ok(await call(target, owner, 'POST', `/api/users/${asker.id}/unblock`));
    expect(await requestsOf(target, owner)).toEqual([]);
  });

  it('imports no follow of a private member: they are followed only once they accept', async () => {
    const [owner, open, mover] = [await signUp(target), await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    const followed = (member: Member) => ({
      username: member.username,
      created_at: '2024-05-06T07:08:09.000Z',
    });
    const archive = await zipOf({
      'manifest.json': manifest(),
      'whisps.json': '[]',
      'following.json': JSON.stringify([followed(owner), followed(open)]),
    });
    expect(ok(await importInto(target, mover, archive)).data).toMatchObject({
      follows: 1,
      skipped: 1,
    });
    const seen = await profile(target, mover, owner);
    expect([seen.is_following, seen.is_requested, seen.followers_count]).toEqual([false, false, 0]);
    expect((await profile(target, mover, open)).is_following).toBe(true);
  });

  it('refuses every rewhisp of a private member’s whisp, even by a follower or the author', async () => {
    const [owner, fan] = [await signUp(target), await signUp(target)];
    await makePrivate(target, owner);
    await follow(target, fan, owner);
    ok(await decide(target, owner, fan, 'accept'));
    const post = await whisp(target, owner, 'for my followers only');
    const { status, code, message } = ERRORS.privateRewhisp;
    for (const member of [fan, owner]) {
      expectError(
        await call(target, member, 'POST', `/api/posts/${post.id}/rewhisp`),
        status,
        code,
        message,
      );
    }
    // A like is fine for a follower.
    expect((await act(target, fan, post.id, 'like')).data.is_liked).toBe(true);
  });
});

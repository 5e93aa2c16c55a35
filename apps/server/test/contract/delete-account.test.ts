import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  expectInvalid,
  follow,
  notificationsOf,
  ok,
  reply,
  signUp,
  TARGETS,
  useTarget,
  whisp,
} from './target.js';

// DELETE /api/users/me: the member and everything of theirs go, in one step.

describe.each(TARGETS)('account deletion (%s)', (name) => {
  const target = useTarget(name);

  it('asks for the member’s own password first', async () => {
    const ada = await signUp(target);
    expectError(
      await target.call('DELETE', '/api/users/me', {
        token: ada.token,
        json: { password: 'not my password' },
      }),
      400,
      'WRONG_PASSWORD',
      'Current password is incorrect',
    );
    expectInvalid(
      await target.call('DELETE', '/api/users/me', { token: ada.token, json: {} }),
      'password',
      'Password is required',
    );
    // The username confirms only for a member who has no password.
    expectInvalid(
      await target.call('DELETE', '/api/users/me', {
        token: ada.token,
        json: { username: ada.username },
      }),
      'password',
      'Password is required',
    );
    // Still there, still signed in.
    ok(await target.call('GET', '/api/users/me', { token: ada.token }));
  });

  it('removes the member, their whisps and their traces, and every count drops', async () => {
    const ada = await signUp(target);
    const ben = await signUp(target);
    const adaWhisp = await whisp(target, ada, `Hello, I am @${ben.username}'s friend`);
    const benWhisp = await whisp(target, ben, 'Ben speaks');
    const benReply = await reply(target, ben, adaWhisp.id, 'Ben answers Ada');
    await act(target, ada, benWhisp.id, 'like');
    await act(target, ada, benWhisp.id, 'rewhisp');
    await act(target, ada, benWhisp.id, 'bookmark');
    await act(target, ben, adaWhisp.id, 'bookmark');
    await follow(target, ada, ben);
    await follow(target, ben, ada);
    ok(
      await target.call('POST', '/api/messages', {
        token: ada.token,
        json: { recipient_id: ben.id, content: 'A message from Ada' },
      }),
      201,
    );
    expect((await notificationsOf(target, ben)).notifications.length).toBeGreaterThan(0);

    expect(
      ok(
        await target.call('DELETE', '/api/users/me', {
          token: ada.token,
          json: { password: ada.password },
        }),
      ),
    ).toEqual({ success: true, message: 'Your account has been deleted.' });

    expectError(
      await target.call('GET', '/api/users/me', { token: ada.token }),
      401,
      'INVALID_TOKEN',
      'Your session has expired or is invalid. Please sign in again.',
    );
    expect((await target.call('GET', `/api/users/${ada.id}`, { token: ben.token })).status).toBe(
      404,
    );
    expect(
      (await target.call('GET', `/api/users/profile/${ada.username}`, { token: ben.token })).status,
    ).toBe(404);
    expect(
      (await target.call('GET', `/api/posts/${adaWhisp.id}`, { token: ben.token })).status,
    ).toBe(404);

    const post = ok(await target.call('GET', `/api/posts/${benWhisp.id}`, { token: ben.token }));
    expect(post.data).toMatchObject({ like_count: 0, rewhisp_count: 0 });
    const profile = ok(await target.call('GET', `/api/users/${ben.id}`, { token: ben.token }));
    expect(profile.data).toMatchObject({ followers_count: 0, following_count: 0, posts_count: 2 });
    // Ben's reply outlives the whisp it answered, as when a whisp is deleted.
    const kept = ok(await target.call('GET', `/api/posts/${benReply.id}`, { token: ben.token }));
    expect(kept.data).toMatchObject({ is_reply: true, reply_to_id: null });
    expect((await notificationsOf(target, ben)).notifications).toEqual([]);
    const conversations = ok(
      await target.call('GET', '/api/messages/conversations', { token: ben.token }),
    );
    expect(conversations.data).toEqual([]);
    const bookmarks = ok(await target.call('GET', '/api/bookmarks', { token: ben.token }));
    expect(bookmarks.data.bookmarks).toEqual([]);
  });

  it('lets the email and username be registered again', async () => {
    const ada = await signUp(target);
    ok(
      await target.call('DELETE', '/api/users/me', {
        token: ada.token,
        json: { password: ada.password },
      }),
    );
    const again = await target.call('POST', '/api/auth/register', {
      json: {
        email: ada.email,
        password: 'another good password',
        username: ada.username,
        display_name: 'Ada again',
      },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.user.id).not.toBe(ada.id);
  });
});

import { errorMessage, moderationNotice } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { report, reportsAbout, resolve, signUpAs, summaryOf } from './moderation-helpers.js';
import {
  expectError,
  expectInvalid,
  ISO_TIME,
  type Member,
  notificationsOf,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

/** The one open report this reporter filed about this member. */
async function openReport(target: Target, moderator: Member, reporter: Member, about: Member) {
  const open = await reportsAbout(target, moderator, about);
  const found = open.find((entry) => entry.reporter.id === reporter.id);
  if (!found) throw new Error('The report is not in the queue');
  return found;
}

const moderationNotices = async (target: Target, member: Member) =>
  (await notificationsOf(target, member)).notifications.filter(
    (n: { notification_type: string }) => n.notification_type === 'moderation',
  );

const signIn = (target: Target, member: Member) =>
  target.call('POST', '/api/auth/login', {
    json: { email: member.email, password: member.password },
  });

describe.each(TARGETS)('moderation (%s)', (name) => {
  const target = useTarget(name);

  it('dismisses a report: resolved with its note and moderator, logged, and nobody is told', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [reporter, author] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Harmless, really');
    await report(target, reporter, 'posts', post.id, { reason: 'spam' });
    const open = await openReport(target, moderator, reporter, author);

    const resolved = ok(
      await resolve(target, moderator, open.id, { action: 'dismiss', note: '  Not spam  ' }),
    ).data;
    expect(resolved).toMatchObject({
      id: open.id,
      status: 'resolved',
      post: { id: post.id },
      resolution: {
        action: 'dismiss',
        note: 'Not spam',
        moderator: summaryOf(moderator),
        resolved_at: expect.stringMatching(ISO_TIME),
      },
    });
    expect(await reportsAbout(target, moderator, author)).toEqual([]);
    expect(await reportsAbout(target, moderator, author, 'resolved')).toEqual([resolved]);
    expect(await moderationNotices(target, author)).toEqual([]);
    ok(await target.call('GET', `/api/posts/${post.id}`, { token: reporter.token }));

    const log = ok(await target.call('GET', '/api/moderation/log', { token: moderator.token }));
    expect(log.data[0]).toEqual({
      id: expect.any(String),
      action: 'dismiss',
      moderator: summaryOf(moderator),
      target_user: summaryOf(author),
      post_id: post.id,
      report_id: open.id,
      note: 'Not spam',
      created_at: expect.stringMatching(ISO_TIME),
    });
    expectError(
      await resolve(target, moderator, open.id, { action: 'dismiss' }),
      409,
      'REPORT_ALREADY_RESOLVED',
      errorMessage('reportAlreadyResolved'),
    );
  });

  it('removes a whisp as its author would, resolves every open report of it, and tells the author why', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [first, second, author, fan] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(target, author, 'Dangerous advice #cure');
    ok(await target.call('POST', `/api/posts/${post.id}/like`, { token: fan.token }));
    await report(target, first, 'posts', post.id, { reason: 'misinformation' });
    await report(target, second, 'posts', post.id, { reason: 'other' });
    const open = await openReport(target, moderator, first, author);

    const resolved = ok(
      await resolve(target, moderator, open.id, {
        action: 'remove_post',
        note: 'Medical claims without a source',
      }),
    ).data;
    expect(resolved).toMatchObject({ status: 'resolved', post: null });
    expectError(
      await target.call('GET', `/api/posts/${post.id}`, { token: fan.token }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
    expect(await reportsAbout(target, moderator, author)).toEqual([]);
    const closed = await reportsAbout(target, moderator, author, 'resolved');
    expect(closed.map((entry) => entry.resolution.action)).toEqual(['remove_post', 'remove_post']);

    expect(await moderationNotices(target, author)).toEqual([
      {
        id: expect.any(String),
        notification_type: 'moderation',
        is_read: false,
        created_at: expect.stringMatching(ISO_TIME),
        // The member themself: no individual moderator is shown to them.
        actor: summaryOf(author),
        message: moderationNotice(
          'remove_post',
          'misinformation',
          'Medical claims without a source',
        ),
        post: null,
      },
    ]);
    expect(
      moderationNotice('remove_post', 'misinformation', 'Medical claims without a source'),
    ).toBe(
      'Your whisp was removed by Whisp moderation for false or misleading information. Note from the moderators: Medical claims without a source',
    );
    const log = ok(await target.call('GET', '/api/moderation/log', { token: moderator.token }));
    expect(log.data[0]).toMatchObject({
      action: 'remove_post',
      post_id: post.id,
      report_id: open.id,
    });
  });

  it('refuses to remove a whisp for a member report or once the whisp is gone', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [reporter, author] = [await signUp(target), await signUp(target)];
    await report(target, reporter, 'users', author.id, { reason: 'spam' });
    const memberReport = await openReport(target, moderator, reporter, author);
    expectError(
      await resolve(target, moderator, memberReport.id, { action: 'remove_post' }),
      400,
      'VALIDATION_ERROR',
      errorMessage('removeNeedsWhispReport'),
    );

    const post = await whisp(target, author, 'Soon deleted');
    const other = await signUp(target);
    await report(target, other, 'posts', post.id, { reason: 'spam' });
    ok(await target.call('DELETE', `/api/posts/${post.id}`, { token: author.token }));
    const orphan = await openReport(target, moderator, other, author);
    expect(orphan).toMatchObject({ target_type: 'post', post: null });
    expectError(
      await resolve(target, moderator, orphan.id, { action: 'remove_post' }),
      409,
      'POST_ALREADY_DELETED',
      errorMessage('whispAlreadyDeleted'),
    );
    ok(await resolve(target, moderator, orphan.id, { action: 'dismiss' }));
  });

  it('suspends a member: sessions end, sign-in is refused, they vanish for others; unsuspend restores it', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [reporter, member, fan] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(target, member, `Suspended soon ${member.username}`);
    ok(await target.call('POST', `/api/users/${member.id}/follow`, { token: fan.token }));
    await report(target, reporter, 'users', member.id, {
      reason: 'harassment',
      details: 'Threats',
    });
    const open = await openReport(target, moderator, reporter, member);

    ok(await resolve(target, moderator, open.id, { action: 'suspend_user' }));

    expectError(
      await target.call('GET', '/api/users/me', { token: member.token }),
      401,
      'INVALID_TOKEN',
      errorMessage('invalidSession'),
    );
    expectError(
      await signIn(target, member),
      403,
      'ACCOUNT_SUSPENDED',
      'This account has been suspended.',
    );
    // A wrong password still says only that: suspension is not told to someone without it.
    expectError(
      await target.call('POST', '/api/auth/login', {
        json: { email: member.email, password: 'not the password' },
      }),
      401,
      'INVALID_CREDENTIALS',
      errorMessage('invalidCredentials'),
    );
    expectError(
      await target.call('GET', `/api/users/${member.id}`, { token: fan.token }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
    expectError(
      await target.call('GET', `/api/posts/${post.id}`, { token: fan.token }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
    const feed = ok(await target.call('GET', '/api/posts/following', { token: fan.token }));
    expect(feed.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    const fanProfile = ok(await target.call('GET', `/api/users/${fan.id}`, { token: fan.token }));
    expect(fanProfile.data.following_count).toBe(0);
    // A suspended member cannot be reported again.
    expectError(
      await target.call('POST', `/api/users/${member.id}/report`, {
        token: fan.token,
        json: { reason: 'spam' },
      }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );

    expect(
      ok(
        await target.call('POST', `/api/moderation/users/${member.id}/unsuspend`, {
          token: moderator.token,
        }),
      ),
    ).toEqual({ success: true, data: { id: member.id, suspended: false } });
    const session = ok(await signIn(target, member)).data;
    const notices = ok(await target.call('GET', '/api/notifications', { token: session.token }));
    expect(
      notices.data.notifications.filter(
        (n: { notification_type: string }) => n.notification_type === 'moderation',
      ),
    ).toMatchObject([
      {
        actor: summaryOf(member),
        message: moderationNotice('suspend_user', 'harassment'),
        post: null,
      },
    ]);
    ok(await target.call('GET', `/api/posts/${post.id}`, { token: fan.token }));
    ok(await target.call('GET', `/api/users/${member.id}`, { token: fan.token }));
    const log = ok(await target.call('GET', '/api/moderation/log', { token: moderator.token }));
    expect(log.data.slice(0, 2)).toMatchObject([
      { action: 'unsuspend_user', target_user: summaryOf(member), report_id: null, post_id: null },
      { action: 'suspend_user', target_user: summaryOf(member), report_id: open.id },
    ]);
  });

  it('lets only an admin act on staff, and nobody on their own account', async () => {
    const [moderator, otherModerator, admin] = [
      await signUpAs(target, 'moderator'),
      await signUpAs(target, 'moderator'),
      await signUpAs(target, 'admin'),
    ];
    const reporter = await signUp(target);
    await report(target, reporter, 'users', otherModerator.id, { reason: 'other' });
    await report(target, reporter, 'users', moderator.id, { reason: 'other' });
    const aboutColleague = await openReport(target, moderator, reporter, otherModerator);
    const aboutSelf = await openReport(target, moderator, reporter, moderator);

    expectError(
      await resolve(target, moderator, aboutColleague.id, { action: 'suspend_user' }),
      403,
      'FORBIDDEN',
      errorMessage('staffNeedsAdmin'),
    );
    expectError(
      await resolve(target, moderator, aboutSelf.id, { action: 'dismiss' }),
      403,
      'FORBIDDEN',
      errorMessage('cannotModerateYourself'),
    );
    expectError(
      await target.call('POST', `/api/moderation/users/${moderator.id}/unsuspend`, {
        token: moderator.token,
      }),
      403,
      'FORBIDDEN',
      errorMessage('cannotModerateYourself'),
    );
    ok(await resolve(target, admin, aboutSelf.id, { action: 'dismiss' }));
    ok(await resolve(target, admin, aboutColleague.id, { action: 'suspend_user' }));
    expectError(
      await signIn(target, otherModerator),
      403,
      'ACCOUNT_SUSPENDED',
      errorMessage('accountSuspended'),
    );
    expectError(
      await target.call('POST', `/api/moderation/users/${otherModerator.id}/unsuspend`, {
        token: moderator.token,
      }),
      403,
      'FORBIDDEN',
      errorMessage('staffNeedsAdmin'),
    );
    ok(
      await target.call('POST', `/api/moderation/users/${otherModerator.id}/unsuspend`, {
        token: admin.token,
      }),
    );
  });

  it('validates the resolution and names unknown reports and members', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [reporter, author] = [await signUp(target), await signUp(target)];
    await report(target, reporter, 'users', author.id);
    const open = await openReport(target, moderator, reporter, author);
    expectInvalid(
      await resolve(target, moderator, open.id, { action: 'ban_forever' }),
      'action',
      expect.any(String) as unknown as string,
    );
    expectInvalid(
      await resolve(target, moderator, open.id, { action: 'dismiss', note: 'n'.repeat(1001) }),
      'note',
      errorMessage('moderationNoteTooLong'),
    );
    expectError(
      await resolve(target, moderator, 'no-such-report', { action: 'dismiss' }),
      404,
      'REPORT_NOT_FOUND',
      errorMessage('reportNotFound'),
    );
    expectError(
      await target.call('POST', '/api/moderation/users/no-such-member/unsuspend', {
        token: moderator.token,
      }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
    expectInvalid(
      await target.call('GET', '/api/moderation/reports?status=closed', { token: moderator.token }),
      'status',
      expect.any(String) as unknown as string,
    );
  });
});

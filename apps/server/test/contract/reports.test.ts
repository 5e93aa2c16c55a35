import { errorMessage, REPORT_REASONS } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { report, reportsAbout, signUpAs, summaryOf } from './moderation-helpers.js';
import {
  expectError,
  expectInvalid,
  ISO_TIME,
  ok,
  signUp,
  TARGETS,
  useTarget,
  whisp,
} from './target.js';

describe.each(TARGETS)('reports (%s)', (name) => {
  const target = useTarget(name);

  it('files a whisp report and a member report, each once while open, for the queue', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [reporter, author] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Buy followers now');

    for (let i = 0; i < 2; i += 1) {
      expect(
        await report(target, reporter, 'posts', post.id, {
          reason: 'spam',
          details: 'Posted in every thread',
        }),
      ).toEqual({ success: true, message: 'Thank you for your report' });
    }
    await report(target, reporter, 'users', author.id, { reason: 'harassment' });
    await report(target, reporter, 'users', author.id, { reason: 'hate', details: 'Again' });

    const open = await reportsAbout(target, moderator, author);
    expect(open).toEqual([
      {
        id: expect.any(String),
        status: 'open',
        reason: 'spam',
        details: 'Posted in every thread',
        created_at: expect.stringMatching(ISO_TIME),
        reporter: summaryOf(reporter),
        target_type: 'post',
        post: expect.objectContaining({ id: post.id, content: 'Buy followers now' }),
        user: summaryOf(author),
        resolution: null,
      },
      {
        id: expect.any(String),
        status: 'open',
        reason: 'harassment',
        details: null,
        created_at: expect.stringMatching(ISO_TIME),
        reporter: summaryOf(reporter),
        target_type: 'user',
        post: null,
        user: summaryOf(author),
        resolution: null,
      },
    ]);
  });

  it('keeps reports by different members apart, and lists the open ones oldest first', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const author = await signUp(target);
    const [first, second] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Questionable');
    await report(target, first, 'posts', post.id, { reason: 'misinformation' });
    await report(target, second, 'posts', post.id, { reason: 'violence' });

    const open = await reportsAbout(target, moderator, author);
    expect(open.map((entry) => [entry.reporter.id, entry.reason])).toEqual([
      [first.id, 'misinformation'],
      [second.id, 'violence'],
    ]);
  });

  it('takes every reason of the contract, in any case and with spaces around it', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const author = await signUp(target);
    const reasons = [];
    for (const reason of REPORT_REASONS) {
      const reporter = await signUp(target);
      await report(target, reporter, 'users', author.id, { reason: ` ${reason.toUpperCase()} ` });
      reasons.push(reason);
    }
    const open = await reportsAbout(target, moderator, author);
    expect(open.map((entry) => entry.reason)).toEqual(reasons);
  });

  it('refuses a missing or unknown reason and over-long details, with readable messages', async () => {
    const [reporter, author] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Fine whisp');
    for (const kind of ['posts', 'users']) {
      const path = `/api/${kind}/${kind === 'posts' ? post.id : author.id}/report`;
      const call = (json: unknown) => target.call('POST', path, { token: reporter.token, json });
      expectInvalid(await call({}), 'reason', errorMessage('reportReasonRequired'));
      expectInvalid(await call({ reason: '  ' }), 'reason', errorMessage('reportReasonRequired'));
      // An old client's free text is refused with the list of reasons it can send instead.
      expectInvalid(
        await call({ reason: 'I just do not like it' }),
        'reason',
        errorMessage('reportReasonInvalid'),
      );
      expectInvalid(
        await call({ reason: 'spam', details: 'x'.repeat(1001) }),
        'details',
        errorMessage('reportDetailsTooLong'),
      );
    }
  });

  it('answers 404 for unknown targets, and refuses a report of yourself', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('POST', '/api/posts/no-such-whisp/report', {
        token: member.token,
        json: { reason: 'spam' },
      }),
      404,
      'POST_NOT_FOUND',
      'Post not found',
    );
    expectError(
      await target.call('POST', '/api/users/no-such-member/report', {
        token: member.token,
        json: { reason: 'spam' },
      }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
    expectError(
      await target.call('POST', `/api/users/${member.id}/report`, {
        token: member.token,
        json: { reason: 'spam' },
      }),
      400,
      'VALIDATION_ERROR',
      errorMessage('cannotReportYourself'),
    );
  });

  it('lets a member report a whisp again once the first report is resolved', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [reporter, author] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Again and again');
    await report(target, reporter, 'posts', post.id);
    const [first] = await reportsAbout(target, moderator, author);
    ok(
      await target.call('POST', `/api/moderation/reports/${first.id}/resolve`, {
        token: moderator.token,
        json: { action: 'dismiss' },
      }),
    );
    await report(target, reporter, 'posts', post.id, { reason: 'other', details: 'Still there' });
    const open = await reportsAbout(target, moderator, author);
    expect(open).toMatchObject([{ reason: 'other', details: 'Still there' }]);
  });

  it('needs a session', async () => {
    const author = await signUp(target);
    expectError(
      await target.call('POST', `/api/users/${author.id}/report`, { json: { reason: 'spam' } }),
      401,
      'AUTHENTICATION_REQUIRED',
      'Authentication required',
    );
  });
});

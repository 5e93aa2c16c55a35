import {
  errorMessage,
  POLL_DURATION_MAX_SECONDS,
  POLL_DURATION_MIN_SECONDS,
  POLL_OPTION_MAX_LENGTH,
} from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { file, imageBytes } from './media.js';
import {
  type Answer,
  expectError,
  expectInvalid,
  ISO_TIME,
  type Member,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

const HOUR = 3600;

function poll(options: string[], extra: Partial<{ expires_in: number; multiple: boolean }> = {}) {
  return { poll: { options, expires_in: HOUR, multiple: false, ...extra } };
}

const vote = (target: Target, member: Member, pollId: string, choices: unknown) =>
  target.call('POST', `/api/polls/${pollId}/votes`, { token: member.token, json: { choices } });

async function pollAsSeenBy(target: Target, member: Member, postId: string) {
  return ok(await target.call('GET', `/api/posts/${postId}`, { token: member.token })).data.poll;
}

const expectAlreadyVoted = (answer: Answer) =>
  expectError(answer, 409, 'ALREADY_VOTED', errorMessage('alreadyVoted'));

describe.each(TARGETS)('polls (%s)', (name) => {
  const target = useTarget(name);

  it('posts a whisp with a poll: options trimmed, counts at zero, ending after expires_in', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const before = Date.now();
    const post = await whisp(target, author, 'Tea or coffee?', poll([' Tea ', 'Coffee']));
    expect(post.poll).toEqual({
      id: expect.any(String),
      options: [
        { title: 'Tea', votes_count: 0 },
        { title: 'Coffee', votes_count: 0 },
      ],
      multiple: false,
      expires_at: expect.stringMatching(ISO_TIME),
      expired: false,
      votes_count: 0,
      voters_count: 0,
      voted: false,
      own_votes: [],
    });
    const endsIn = Date.parse(post.poll.expires_at) - before;
    expect(endsIn).toBeGreaterThan((HOUR - 60) * 1000);
    expect(endsIn).toBeLessThan((HOUR + 60) * 1000);
    // Another member sees the totals but not the tally before voting.
    expect(await pollAsSeenBy(target, reader, post.id)).toMatchObject({
      id: post.poll.id,
      options: [
        { title: 'Tea', votes_count: null },
        { title: 'Coffee', votes_count: null },
      ],
      votes_count: 0,
      voted: false,
    });
  });

  it('refuses polls outside the limits with the contract’s words', async () => {
    const member = await signUp(target);
    const post = (extra: Record<string, unknown>) =>
      target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: 'A question', ...extra },
      });
    const cases: [Record<string, unknown>, Parameters<typeof errorMessage>[0]][] = [
      [poll(['Only one']), 'pollOptionCount'],
      [poll(['a', 'b', 'c', 'd', 'e']), 'pollOptionCount'],
      [poll(['Fine', '   ']), 'pollOptionLength'],
      [poll(['Fine', 'x'.repeat(POLL_OPTION_MAX_LENGTH + 1)]), 'pollOptionLength'],
      [poll(['Same', ' same ']), 'pollOptionsRepeat'],
      [poll(['a', 'b'], { expires_in: POLL_DURATION_MIN_SECONDS - 1 }), 'pollDurationInvalid'],
      [poll(['a', 'b'], { expires_in: POLL_DURATION_MAX_SECONDS + 1 }), 'pollDurationInvalid'],
      [poll(['a', 'b'], { expires_in: 600.5 }), 'pollDurationInvalid'],
    ];
    for (const [extra, error] of cases) {
      expectInvalid(await post(extra), 'poll', errorMessage(error as 'pollOptionCount'));
    }
    // The limits themselves are fine.
    const longest = 'x'.repeat(POLL_OPTION_MAX_LENGTH);
    await whisp(target, member, 'Edges', poll(['a', 'b', 'c', longest]));
    await whisp(
      target,
      member,
      'Short',
      poll(['a', 'b'], { expires_in: POLL_DURATION_MIN_SECONDS }),
    );
    await whisp(
      target,
      member,
      'Long',
      poll(['a', 'b'], { expires_in: POLL_DURATION_MAX_SECONDS }),
    );

    const { media_urls } = ok(
      await target.call('POST', '/api/posts/media', {
        token: member.token,
        form: [file('media', 'a.png', 'image/png', await imageBytes('png'))],
      }),
    );
    expectInvalid(
      await post({ media_urls, ...poll(['Yes', 'No']) }),
      'poll',
      errorMessage('pollWithMedia'),
    );
  });

  it('counts a vote, then shows the voter the tally and their choice', async () => {
    const [author, voter, other] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(target, author, 'Best season?', poll(['Spring', 'Summer', 'Autumn']));
    const answer = ok(await vote(target, voter, post.poll.id, [2]));
    expect(answer).toEqual({
      success: true,
      data: {
        ...post.poll,
        options: [
          { title: 'Spring', votes_count: 0 },
          { title: 'Summer', votes_count: 0 },
          { title: 'Autumn', votes_count: 1 },
        ],
        votes_count: 1,
        voters_count: 1,
        voted: true,
        own_votes: [2],
      },
    });
    expect(await pollAsSeenBy(target, voter, post.id)).toEqual(answer.data);
    // The author sees the tally; someone who has not voted still does not.
    expect((await pollAsSeenBy(target, author, post.id)).options[2].votes_count).toBe(1);
    expect(await pollAsSeenBy(target, other, post.id)).toMatchObject({
      options: [
        { title: 'Spring', votes_count: null },
        { title: 'Summer', votes_count: null },
        { title: 'Autumn', votes_count: null },
      ],
      votes_count: 1,
      voters_count: 1,
      voted: false,
      own_votes: [],
    });
    // The whisp in the author's profile carries the poll as the viewer sees it.
    const tab = ok(
      await target.call('GET', `/api/users/${author.id}/posts`, { token: voter.token }),
    );
    expect(tab.posts.find((p: { id: string }) => p.id === post.id).poll).toEqual(answer.data);
  });

  it('takes several choices in a multiple-choice poll, each counted, the voter once', async () => {
    const [author, first, second] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(target, author, 'Pick any', poll(['A', 'B', 'C'], { multiple: true }));
    ok(await vote(target, first, post.poll.id, [2, 0]));
    const answer = ok(await vote(target, second, post.poll.id, [0]));
    expect(answer.data).toMatchObject({
      multiple: true,
      options: [
        { title: 'A', votes_count: 2 },
        { title: 'B', votes_count: 0 },
        { title: 'C', votes_count: 1 },
      ],
      votes_count: 3,
      voters_count: 2,
      own_votes: [0],
    });
    expect((await pollAsSeenBy(target, first, post.id)).own_votes).toEqual([0, 2]);
  });

  it('refuses choices that are not one option (several for a multiple poll) with 400', async () => {
    const [author, voter] = [await signUp(target), await signUp(target)];
    const single = await whisp(target, author, 'One', poll(['A', 'B']));
    const several = await whisp(target, author, 'Many', poll(['A', 'B'], { multiple: true }));
    for (const choices of [[], [0, 1], [2], [-1], [0.5]]) {
      expectInvalid(
        await vote(target, voter, single.poll.id, choices),
        'choices',
        errorMessage('pollChoicesInvalid', false),
      );
    }
    for (const choices of [[], [1, 1], [0, 2]]) {
      expectInvalid(
        await vote(target, voter, several.poll.id, choices),
        'choices',
        errorMessage('pollChoicesInvalid', true),
      );
    }
    // Nothing refused was counted.
    expect((await pollAsSeenBy(target, author, single.id)).votes_count).toBe(0);
  });

  it('refuses a second vote with 409 ALREADY_VOTED, even when both arrive together', async () => {
    const [author, voter, racer] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(target, author, 'Once', poll(['A', 'B'], { multiple: true }));
    ok(await vote(target, voter, post.poll.id, [0]));
    expectAlreadyVoted(await vote(target, voter, post.poll.id, [1]));

    const answers = await Promise.all([
      vote(target, racer, post.poll.id, [0]),
      vote(target, racer, post.poll.id, [1]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expectAlreadyVoted(answers.find((answer) => answer.status === 409) as Answer);
    expect(await pollAsSeenBy(target, author, post.id)).toMatchObject({
      votes_count: 2,
      voters_count: 2,
    });
  });

  it('refuses the author’s own vote with 403', async () => {
    const author = await signUp(target);
    const post = await whisp(target, author, 'Mine', poll(['A', 'B']));
    expectError(
      await vote(target, author, post.poll.id, [0]),
      403,
      'FORBIDDEN',
      errorMessage('cannotVoteOwnPoll'),
    );
  });

  it('answers 404 for an unknown poll and for one whose author is blocked', async () => {
    const [author, voter] = [await signUp(target), await signUp(target)];
    const notFound = (answer: Answer) =>
      expectError(answer, 404, 'POLL_NOT_FOUND', errorMessage('pollNotFound'));
    notFound(await vote(target, voter, 'no-such-poll', [0]));
    notFound(await vote(target, voter, '00000000-0000-4000-8000-000000000000', [0]));
    const post = await whisp(target, author, 'Hidden', poll(['A', 'B']));
    ok(await target.call('POST', `/api/users/${voter.id}/block`, { token: author.token }));
    notFound(await vote(target, voter, post.poll.id, [0]));
  });

  it('ends: no more votes (409 POLL_EXPIRED), and everyone sees the final tally', async () => {
    const [author, voter, late] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const post = await whisp(
      target,
      author,
      'Quick one',
      poll(['A', 'B'], { expires_in: POLL_DURATION_MIN_SECONDS }),
    );
    ok(await vote(target, voter, post.poll.id, [1]));
    await target.expirePoll(post.poll.id);
    expectError(
      await vote(target, late, post.poll.id, [0]),
      409,
      'POLL_EXPIRED',
      errorMessage('pollExpired'),
    );
    expect(await pollAsSeenBy(target, late, post.id)).toMatchObject({
      expired: true,
      options: [
        { title: 'A', votes_count: 0 },
        { title: 'B', votes_count: 1 },
      ],
      votes_count: 1,
      voters_count: 1,
      voted: false,
      own_votes: [],
    });
  });
});

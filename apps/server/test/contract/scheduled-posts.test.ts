import { describe, expect, it } from 'vitest';
import { file, imageBytes } from './media.js';
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
} from './target.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const TIME_INVALID = 'Choose a time at least 5 minutes and at most a year ahead';
const TOO_MANY = 'You can have at most 100 scheduled whisps';
const NOT_FOUND = 'Scheduled whisp not found';

/** A time `ms` from now, as a client sends it. */
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

function schedule(target: Target, member: Member, json: Record<string, unknown>) {
  return target.call('POST', '/api/posts', { token: member.token, json });
}

async function scheduled(target: Target, member: Member, json: Record<string, unknown>) {
  return ok(await schedule(target, member, json), 201).data;
}

function list(target: Target, member: Member) {
  return target.call('GET', '/api/scheduled-posts', { token: member.token });
}

function patch(target: Target, member: Member, id: string, json: Record<string, unknown>) {
  return target.call('PATCH', `/api/scheduled-posts/${id}`, { token: member.token, json });
}

function cancel(target: Target, member: Member, id: string) {
  return target.call('DELETE', `/api/scheduled-posts/${id}`, { token: member.token });
}

async function upload(target: Target, member: Member) {
  const answer = await target.call('POST', '/api/posts/media', {
    token: member.token,
    form: [file('media', 'picture.png', 'image/png', await imageBytes('png', 12))],
  });
  return ok(answer).media_urls[0] as string;
}

describe.each(TARGETS)('scheduled whisps (%s)', (name) => {
  const target = useTarget(name);

  it('stores a whisp with scheduled_at until its time and answers it as a ScheduledWhisp', async () => {
    const [author, friend] = [await signUp(target), await signUp(target)];
    const at = ahead(2 * 60 * MINUTE_MS);
    const body = ok(
      await schedule(target, author, {
        content: `Coffee at noon? @${friend.username}`,
        content_warning: 'Caffeine',
        poll: { options: ['Yes', 'No'], expires_in: 3600, multiple: false },
        reply_settings: { can_reply: 'followers' },
        scheduled_at: at,
      }),
      201,
    );
    expect(body).toEqual({
      success: true,
      message: 'Whisp scheduled',
      data: {
        id: expect.any(String),
        scheduled_at: at,
        content: `Coffee at noon? @${friend.username}`,
        content_warning: 'Caffeine',
        media: [],
        poll: { options: ['Yes', 'No'], expires_in: 3600, multiple: false },
        reply_settings: { can_reply: 'followers', can_repost: true },
        created_at: expect.stringMatching(ISO_TIME),
      },
    });
    // Not a whisp yet: no profile shows it, and its mention tells nobody until it is published.
    const posts = ok(
      await target.call('GET', `/api/users/${author.id}/posts`, { token: author.token }),
    );
    expect(posts.posts).toEqual([]);
    expect((await notificationsOf(target, friend)).notifications).toEqual([]);
  });

  it('refuses a time under 5 minutes or over a year ahead, or not a time, after the whisp’s own rules', async () => {
    const author = await signUp(target);
    for (const scheduled_at of [ahead(4 * MINUTE_MS), ahead(366 * DAY_MS), 'next tuesday']) {
      expectInvalid(
        await schedule(target, author, { content: 'Soon', scheduled_at }),
        'scheduled_at',
        TIME_INVALID,
      );
    }
    // The whisp is checked as one posted now, first.
    expectInvalid(
      await schedule(target, author, { content: ' ', scheduled_at: ahead(MINUTE_MS) }),
      'content',
      'Please add some content to your post',
    );
    expectInvalid(
      await schedule(target, author, {
        content: 'Pick one',
        poll: { options: ['Same', 'same'], expires_in: 3600 },
        scheduled_at: ahead(DAY_MS),
      }),
      'poll',
      'Poll options must all be different',
    );
    expect(ok(await list(target, author)).data).toEqual([]);
  });

  it('lists the member’s own scheduled whisps, soonest first', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const later = await scheduled(target, author, {
      content: 'Later',
      scheduled_at: ahead(DAY_MS),
    });
    const sooner = await scheduled(target, author, {
      content: 'Sooner',
      scheduled_at: ahead(60 * MINUTE_MS),
    });
    await scheduled(target, other, { content: 'Not yours', scheduled_at: ahead(30 * MINUTE_MS) });
    expect(ok(await list(target, author))).toEqual({ success: true, data: [sooner, later] });
  });

  it('changes any field of a scheduled whisp, checked again as a new one; another member’s is not found', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const original = await scheduled(target, author, {
      content: 'Draft',
      content_warning: 'Spoilers',
      scheduled_at: ahead(DAY_MS),
    });
    const at = ahead(2 * DAY_MS);
    const changed = ok(
      await patch(target, author, original.id, {
        content: 'Final',
        content_warning: null,
        scheduled_at: at,
        reply_settings: { can_repost: false },
      }),
    );
    expect(changed).toEqual({
      success: true,
      data: {
        ...original,
        content: 'Final',
        content_warning: null,
        scheduled_at: at,
        reply_settings: { can_reply: 'everyone', can_repost: false },
      },
    });
    // Fields left out stay; a poll can be added.
    const polled = ok(
      await patch(target, author, original.id, {
        poll: { options: ['A', 'B', 'C'], expires_in: 300, multiple: true },
      }),
    ).data;
    expect(polled).toEqual({
      ...changed.data,
      poll: { options: ['A', 'B', 'C'], expires_in: 300, multiple: true },
    });

    expectInvalid(
      await patch(target, author, original.id, { scheduled_at: ahead(MINUTE_MS) }),
      'scheduled_at',
      TIME_INVALID,
    );
    expectInvalid(
      await patch(target, author, original.id, { content: '' }),
      'content',
      'Please add some content to your post',
    );
    const picture = await upload(target, author);
    expectInvalid(
      await patch(target, author, original.id, { media: [{ url: picture }] }),
      'poll',
      'A whisp with a poll cannot have images or video',
    );
    expect(ok(await list(target, author)).data).toEqual([polled]);

    for (const [member, id] of [
      [other, original.id],
      [author, 'no-such-id'],
      [author, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expectError(
        await patch(target, member, id, { content: 'Mine now' }),
        404,
        'SCHEDULED_POST_NOT_FOUND',
        NOT_FOUND,
      );
    }
  });

  it('cancels a scheduled whisp; another member’s, or one already gone, is not found', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const kept = await scheduled(target, author, { content: 'Kept', scheduled_at: ahead(DAY_MS) });
    const dropped = await scheduled(target, author, {
      content: 'Dropped',
      scheduled_at: ahead(DAY_MS),
    });
    expectError(
      await cancel(target, other, dropped.id),
      404,
      'SCHEDULED_POST_NOT_FOUND',
      NOT_FOUND,
    );
    expect(ok(await cancel(target, author, dropped.id))).toEqual({
      success: true,
      message: 'Scheduled whisp cancelled',
    });
    expect(ok(await list(target, author)).data).toEqual([kept]);
    expectError(
      await cancel(target, author, dropped.id),
      404,
      'SCHEDULED_POST_NOT_FOUND',
      NOT_FOUND,
    );
  });

  it('holds at most 100 pending per member', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const at = ahead(DAY_MS);
    // Ten at a time: quick on both targets, and no request waits long for the others.
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const made = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          scheduled(target, author, { content: `Whisp ${batch * 10 + index}`, scheduled_at: at }),
        ),
      );
      ids.push(...made.map((whisp) => whisp.id as string));
    }
    expectInvalid(
      await schedule(target, author, { content: 'One too many', scheduled_at: at }),
      'scheduled_at',
      TOO_MANY,
    );
    // The cap is each member's own, and a cancelled one frees its place.
    await scheduled(target, other, { content: 'Mine', scheduled_at: at });
    ok(await cancel(target, author, ids[0] as string));
    await scheduled(target, author, { content: 'Fits again', scheduled_at: at });
    expect(ok(await list(target, author)).data).toHaveLength(100);
  });

  it('keeps its media reserved until then, and frees them when cancelled', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const picture = await upload(target, author);
    const waiting = await scheduled(target, author, {
      content: 'A view',
      media: [{ url: picture, alt: 'Hills at dusk' }],
      scheduled_at: ahead(DAY_MS),
    });
    expect(waiting.media).toEqual([
      expect.objectContaining({ url: picture, alt: 'Hills at dusk', kind: 'image' }),
    ]);
    // Still the author's upload: nobody else may attach it.
    expectInvalid(
      await schedule(target, other, {
        content: 'Borrowed',
        media_urls: [picture],
        scheduled_at: ahead(DAY_MS),
      }),
      'media_urls',
      'Some attached media could not be found. Please upload it again and retry',
    );
    // Changing the text keeps the picture and its description.
    const changed = ok(await patch(target, author, waiting.id, { content: 'A better view' })).data;
    expect(changed.media).toEqual(waiting.media);

    ok(await cancel(target, author, waiting.id));
    const posted = ok(
      await target.call('POST', '/api/posts', {
        token: author.token,
        json: { content: 'Now', media: [{ url: picture, alt: 'Hills at dusk' }] },
      }),
      201,
    ).data;
    expect(posted.media_urls).toEqual([picture]);
  });
});

import { describeError, SCHEDULED_POSTS_MAX } from '@whisp/api-client/contract';
import { MASTODON_MESSAGES, MASTODON_SCHEDULE_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { sql } from 'kysely';
import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Scheduled statuses and a status's edit history through the Mastodon client API (1.2), driven by
// masto.js and megalodon: a scheduled status is Whisp's scheduled whisp (checked against Whisp's
// own /api/scheduled-posts), and a status's history is Whisp's edit history.

const MASTODON_ID = /^[1-9][0-9]{17}$/;
const HOUR_MS = 60 * 60 * 1000;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

const png = async (background: string) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 24, height: 16, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: 'image/png' },
  );

describe('Mastodon apps: scheduled statuses and status history', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let aliceToken: string;
  let aliceApp: mastodon.rest.Client;
  let bobApp: mastodon.rest.Client;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app);
    bob = await registerMember(server.app);
    aliceToken = (await signInWithApp(server.url, alice)).accessToken;
    aliceApp = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    bobApp = createRestAPIClient({
      url: server.url,
      accessToken: (await signInWithApp(server.url, bob)).accessToken,
    });
  });
  afterAll(() => server?.close());

  /** The member's scheduled whisps as Whisp's own API lists them. */
  const whispScheduled = async (member: TestMember) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/scheduled-posts',
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; scheduled_at: string; content: string }[];
  };

  const postCount = async (member: TestMember) => {
    const row = await server.database.kysely
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('author_id', '=', member.id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('schedules a status as a whisp for later, answered as a ScheduledStatus, its upload kept for it', async () => {
    const upload = await aliceApp.v2.media.create({
      file: await png('#2e86c1'),
      description: 'A blue square',
    });
    const at = ahead(2 * HOUR_MS);
    const scheduled = await aliceApp.v1.statuses.create({
      status: 'Later, @nobody_here',
      spoilerText: 'Spoiler',
      mediaIds: [upload.id],
      scheduledAt: at,
    });
    expect(scheduled.id).toMatch(MASTODON_ID);
    expect(scheduled.scheduledAt).toBe(at);
    expect(scheduled.params).toEqual({
      text: 'Later, @nobody_here',
      poll: null,
      mediaIds: [upload.id],
      sensitive: true,
      spoilerText: 'Spoiler',
      visibility: 'public',
      inReplyToId: null,
      language: null,
      applicationId: null,
      idempotency: null,
      scheduledAt: null,
      withRateLimit: false,
    });
    expect(scheduled.mediaAttachments).toEqual([
      expect.objectContaining({ id: upload.id, url: upload.url, description: 'A blue square' }),
    ]);
    // Stored, not posted: Whisp's own list has it.
    expect(await postCount(alice)).toBe(0);
    expect(await whispScheduled(alice)).toEqual([
      expect.objectContaining({ content: 'Later, @nobody_here', scheduled_at: at }),
    ]);
    // Its upload stays for it until it is published.
    const deleted = await fetch(`${server.url}/api/v1/media/${upload.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(deleted.status).toBe(422);
    expect(await deleted.json()).toEqual({ error: MASTODON_SCHEDULE_MESSAGES.mediaInUse });

    // With a poll, as the request gave it.
    const polled = await aliceApp.v1.statuses.create({
      status: 'Which?',
      poll: { options: ['Tea', 'Coffee'], expiresIn: 3600 },
      scheduledAt: ahead(3 * HOUR_MS),
    });
    // masto.js does not type the poll of these two entities; Mastodon sends it.
    expect((polled.params as { poll?: unknown }).poll).toEqual({
      options: ['Tea', 'Coffee'],
      expiresIn: 3600,
      multiple: false,
      hideTotals: false,
    });
    expect(await postCount(alice)).toBe(0);
  });

  it('refuses what Whisp cannot schedule, in its own words, and stores nothing', async () => {
    const before = (await whispScheduled(alice)).length;
    await expect(
      aliceApp.v1.statuses.create({ status: 'Too soon', scheduledAt: ahead(60_000) }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: describeError('scheduleTimeInvalid').message,
    });
    await expect(
      aliceApp.v1.statuses.create({ status: 'Never', scheduledAt: 'next tuesday' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const parent = await bobApp.v1.statuses.create({ status: 'Answer me later' });
    await expect(
      aliceApp.v1.statuses.create({
        status: 'A reply',
        inReplyToId: parent.id,
        scheduledAt: ahead(HOUR_MS),
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: MASTODON_SCHEDULE_MESSAGES.replyNotSchedulable,
    });
    // A scheduled direct status: conversations.test.ts.
    await expect(
      aliceApp.v1.statuses.create({ status: '', scheduledAt: ahead(HOUR_MS) }),
    ).rejects.toMatchObject({ statusCode: 400, message: describeError('emptyPost').message });
    expect(await whispScheduled(alice)).toHaveLength(before);
  });

  it('lists a member’s own, the latest scheduled first, paged by Link headers, up to Whisp’s limit', async () => {
    const carol = await registerMember(server.app);
    const carolToken = (await signInWithApp(server.url, carol)).accessToken;
    // Whisp's limit, reached in one statement: ids follow the order rows were written in.
    await sql`
      insert into scheduled_posts (author_id, scheduled_at, content)
      select ${carol.id}, now() + interval '1 day' + n * interval '1 minute', 'Number ' || n
      from generate_series(1, ${SCHEDULED_POSTS_MAX}) as n
    `.execute(server.database.kysely);
    const carolApp = createRestAPIClient({ url: server.url, accessToken: carolToken });
    await expect(
      carolApp.v1.statuses.create({ status: 'One more', scheduledAt: ahead(HOUR_MS) }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: describeError('tooManyScheduled').message,
    });

    const seen: string[] = [];
    let pages = 0;
    for await (const page of carolApp.v1.scheduledStatuses.list({ limit: 40 })) {
      pages += 1;
      seen.push(...page.map((status) => status.params.text));
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(
      Array.from({ length: SCHEDULED_POSTS_MAX }, (_, i) => `Number ${SCHEDULED_POSTS_MAX - i}`),
    );
    // Another member's are not in theirs.
    const own = await aliceApp.v1.scheduledStatuses.list();
    expect(own.map((status) => status.params.text).sort()).toEqual(
      ['Later, @nobody_here', 'Which?'].sort(),
    );
  });

  it('reads, moves and cancels one of the member’s own; another member finds none', async () => {
    const scheduled = await aliceApp.v1.statuses.create({
      status: 'Move me',
      scheduledAt: ahead(HOUR_MS),
    });
    const one = aliceApp.v1.scheduledStatuses.$select(scheduled.id);
    expect((await one.fetch()).params.text).toBe('Move me');

    const theirs = bobApp.v1.scheduledStatuses.$select(scheduled.id);
    const notFound = { statusCode: 404, message: MASTODON_MESSAGES.recordNotFound };
    await expect(theirs.fetch()).rejects.toMatchObject(notFound);
    await expect(theirs.update({ scheduledAt: ahead(5 * HOUR_MS) })).rejects.toMatchObject(
      notFound,
    );
    await expect(theirs.remove()).rejects.toMatchObject(notFound);

    const later = ahead(6 * HOUR_MS);
    expect((await one.update({ scheduledAt: later })).scheduledAt).toBe(later);
    await expect(one.update({ scheduledAt: ahead(1000) })).rejects.toMatchObject({
      statusCode: 400,
      message: describeError('scheduleTimeInvalid').message,
    });
    expect(await whispScheduled(alice)).toContainEqual(
      expect.objectContaining({ content: 'Move me', scheduled_at: later }),
    );

    // megalodon's calls reach the same one.
    const client = generator('mastodon', server.url, aliceToken);
    const listed = await client.getScheduledStatuses();
    expect(listed.data.map((status) => status.id)).toContain(scheduled.id);
    const evenLater = ahead(7 * HOUR_MS);
    const moved = await client.scheduleStatus(scheduled.id, evenLater);
    expect(moved.data.scheduled_at).toBe(evenLater);
    const cancelled = await client.cancelScheduledStatus(scheduled.id);
    expect(cancelled.data).toEqual({});
    await expect(one.fetch()).rejects.toMatchObject(notFound);
    expect((await whispScheduled(alice)).map((whisp) => whisp.content)).not.toContain('Move me');
  });

  it('shows a status’s versions oldest first, the current one last, as StatusEdits', async () => {
    const status = await aliceApp.v1.statuses.create({
      status: `First, for @${bob.username} #draft`,
    });
    const never = await aliceApp.v1.statuses.$select(status.id).history.list();
    expect(never).toHaveLength(1);
    expect(never[0]?.content).toBe(status.content);

    await aliceApp.v1.statuses.$select(status.id).update({ status: 'Second', spoilerText: 'CW' });
    await aliceApp.v1.statuses.$select(status.id).update({ status: 'Third & <last>' });
    const history = await bobApp.v1.statuses.$select(status.id).history.list();
    expect(
      history.map((version) => [version.content, version.spoilerText, version.sensitive]),
    ).toEqual([
      [status.content, '', false],
      ['<p>Second</p>', 'CW', true],
      ['<p>Third &amp; &lt;last&gt;</p>', '', false],
    ]);
    // The first version links the member it mentions and its hashtag, as the status did.
    expect(history[0]?.content).toContain('class="u-url mention"');
    expect(history[0]?.content).toContain('class="mention hashtag"');
    const times = history.map((version) => Date.parse(version.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(history.every((version) => version.account.id === status.account.id)).toBe(true);
    expect(history.every((version) => (version as { poll?: unknown }).poll === null)).toBe(true);

    // Whisp's own history says the same, version for version.
    const whispId = await server.app.repositories.mastodon.postIdOf(status.id);
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/posts/${whispId ?? ''}/history`,
      headers: bob.headers,
    });
    expect(own.json().data.map((version: { created_at: string }) => version.created_at)).toEqual(
      history.map((version) => version.createdAt),
    );
  });

  it('shows a version’s media and poll, and hides the history from whom the status is hidden', async () => {
    const upload = await aliceApp.v2.media.create({
      file: await png('#27ae60'),
      description: 'Green',
    });
    const pictured = await aliceApp.v1.statuses.create({ status: 'Pic', mediaIds: [upload.id] });
    await aliceApp.v1.statuses.$select(pictured.id).update({ status: 'Pic, edited' });
    const versions = await aliceApp.v1.statuses.$select(pictured.id).history.list();
    expect(versions).toHaveLength(2);
    for (const version of versions) {
      expect(version.mediaAttachments).toEqual([
        expect.objectContaining({ id: upload.id, description: 'Green' }),
      ]);
    }

    const polled = await aliceApp.v1.statuses.create({
      status: 'Vote',
      poll: { options: ['Yes', 'No'], expiresIn: 3600 },
    });
    const [version] = await aliceApp.v1.statuses.$select(polled.id).history.list();
    expect((version as { poll?: unknown } | undefined)?.poll).toEqual({
      options: [{ title: 'Yes' }, { title: 'No' }],
    });

    // Alice blocks Bob: neither the status nor its history is there for him.
    const blocked = await server.app.inject({
      method: 'POST',
      url: `/api/users/${bob.id}/block`,
      headers: alice.headers,
    });
    expect(blocked.statusCode).toBe(200);
    await expect(bobApp.v1.statuses.$select(pictured.id).fetch()).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(bobApp.v1.statuses.$select(pictured.id).history.list()).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      bobApp.v1.statuses.$select('999999999999999999').history.list(),
    ).rejects.toMatchObject({ statusCode: 404, message: MASTODON_MESSAGES.recordNotFound });
  });
});

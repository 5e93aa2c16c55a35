import { type RawBuilder, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicableRules, describeDrifts, reconcile } from '../../src/db/reconcile.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';
import { asMember } from '../routes/posts/client.js';

describe('reconcile()', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  let bob: TestMember;
  let cat: TestMember;
  const ids: Record<string, string> = {};

  const run = <Row>(query: RawBuilder<Row>) => query.execute(testApp.database.kysely);
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const { statusCode, body } = await response;
    if (statusCode >= 300)
      throw new Error(`Setting up the network failed (${statusCode}): ${body}`);
    return JSON.parse(body);
  };

  // A small network holding one of everything reconcile() looks at, made through the API.
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    [ann, bob, cat] = [
      await registerMember(testApp.app),
      await registerMember(testApp.app),
      await registerMember(testApp.app),
    ];
    const picture = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    const upload = multipartFile('media', 'a.png', 'image/png', picture);
    const { media_urls } = await ok(
      testApp.app.inject({
        method: 'POST',
        url: '/api/posts/media',
        headers: { ...ann.headers, ...upload.headers },
        payload: upload.payload,
      }),
    );
    ids.liked = (await api.whisp(ann, `Hello @${cat.username} #coffee`, { media_urls })).id;
    ids.quiet = (await api.whisp(ann, 'Nobody will touch this', {})).id;
    await ok(api.post(`/api/posts/${ids.liked}/like`, bob));
    await ok(api.post(`/api/posts/${ids.liked}/like`, cat));
    await ok(api.post(`/api/posts/${ids.liked}/rewhisp`, bob, { comment: null }));
    ids.reply = (
      await ok(api.post(`/api/posts/${ids.liked}/reply`, cat, { content: 'Hi' }))
    ).data.id;
    await ok(api.post('/api/posts', bob, { content: 'Once' }, { 'idempotency-key': 'retry-1' }));
    await api.follow(bob, ann);
    await api.follow(cat, ann);
    await ok(api.post(`/api/users/${ann.id}/unfollow`, cat));
    ids.message = (
      await ok(api.post('/api/messages', ann, { recipient_id: bob.id, content: 'Hey Bob' }))
    ).data.id;
    await ok(api.post('/api/messages', bob, { recipient_id: ann.id, content: 'Hey Ann' }));
  });
  afterAll(() => testApp?.close());

  it('finds no drift in a network written through the API', async () => {
    // A moderation notice stands for itself: no row behind it to be missing.
    await run(sql`insert into notifications (recipient_id, actor_id, type, message)
      values (${ann.id}, ${ann.id}, 'moderation', 'Your whisp was removed')`);
    const drifts = await reconcile(testApp.database);

    expect(drifts, describeDrifts(drifts)).toEqual([]);
  });

  it('stays without drift through a member turning private and public again', async () => {
    // Dee's tags leave the hashtags' counts while she is private (0020_author_private.sql): one
    // tag only she uses, one she shares with Cat. Her reply and rewhisp of Ann's
    // whisp stay in its stored counts (her followers read them).
    const dee = await registerMember(testApp.app);
    await api.whisp(cat, 'Mine too #deesshared');
    const deesWhisp = await api.whisp(dee, 'Only mine #deesown and #deesshared, #deesshared');
    // Cat's rewhisp of it carries whether its original is private (0023_original_private.sql).
    await ok(api.post(`/api/posts/${deesWhisp.id}/rewhisp`, cat, { comment: null }));
    await ok(api.post(`/api/posts/${ids.quiet}/reply`, dee, { content: 'Quietly' }));
    await ok(api.post(`/api/posts/${ids.quiet}/rewhisp`, dee, { comment: null }));
    const count = async (tag: string) =>
      (await ok(api.get(`/api/search/hashtag/${tag}`, ann))).data.post_count;
    const turn = (isPrivate: boolean) =>
      ok(
        testApp.app.inject({
          method: 'POST',
          url: '/api/users/me',
          headers: dee.headers,
          payload: { is_private: isPrivate },
        }),
      );
    expect([await count('deesown'), await count('deesshared')]).toEqual([1, 2]);

    await turn(true);
    // A request waiting for her answer is the cause of its notification.
    await ok(api.post(`/api/users/${dee.id}/follow`, cat));
    let drifts = await reconcile(testApp.database);
    expect(drifts, describeDrifts(drifts)).toEqual([]);
    expect([await count('deesown'), await count('deesshared')]).toEqual([0, 1]);

    await turn(false);
    drifts = await reconcile(testApp.database);
    expect(drifts, describeDrifts(drifts)).toEqual([]);
    expect([await count('deesown'), await count('deesshared')]).toEqual([1, 2]);

    // Written while private, a whisp's tag that nobody public uses has no row until she turns.
    await turn(true);
    await api.whisp(dee, 'Behind the lock #deeslater');
    expect(await count('deeslater')).toBe(0);
    await turn(false);
    expect(await count('deeslater')).toBe(1);
    drifts = await reconcile(testApp.database);
    expect(drifts, describeDrifts(drifts)).toEqual([]);
    // Undone, so the next test's planted drifts are the only ones (the request, accepted when
    // she turned public, is a follow now).
    await ok(api.post(`/api/posts/${ids.quiet}/unrewhisp`, dee));
    await ok(api.post(`/api/posts/${deesWhisp.id}/unrewhisp`, cat));
    await ok(api.post(`/api/users/${dee.id}/unfollow`, cat));
  });

  it('reports every drift planted by SQL, naming its rule and its row', async () => {
    const { rows: conversations } = await run(sql<{ id: string }>`select id from conversations`);
    const conversationId = conversations[0]?.id;
    const { rows: notifications } = await run(
      sql<{ id: string }>`select id from notifications where type = 'follow'`,
    );
    const followNotificationId = notifications[0]?.id;
    const strayMedia = `${'f'.repeat(64)}.png`;
    const { rows: strays } = await run(sql<{ id: string }>`
      insert into posts (author_id, content, media_keys) values (${bob.id}, 'x', array[${strayMedia}])
      returning id`);
    const strayPostId = strays[0]?.id;

    // Each statement leaves a write half done, as a crash between two statements would.
    await run(sql`update posts set like_count = like_count + 1 where id = ${ids.liked}`);
    await run(sql`update posts set reply_count = 0 where id = ${ids.liked}`);
    await run(sql`update posts set rewhisp_count = 3 where id = ${ids.quiet}`);
    await run(sql`update posts set is_reply = false where id = ${ids.reply}`);
    await run(sql`update conversations set last_message = 'Hey Bob' where id = ${conversationId}`);
    await run(sql`update messages set recipient_id = ${cat.id} where id = ${ids.message}`);
    await run(sql`delete from follows where follower_id = ${bob.id} and followed_id = ${ann.id}`);
    await run(sql`update post_idempotency_keys set user_id = ${ann.id} where key = 'retry-1'`);
    // A poll's end announced about a whisp that carries no poll.
    await run(sql`insert into notifications (recipient_id, actor_id, type, post_id)
      values (${ann.id}, ${ann.id}, 'poll', ${ids.quiet})`);
    // A rewhisp that lost its original's privacy (0023) would open the original to Following.
    const { rows: bobsRewhisps } = await run(sql<{ id: string }>`
      select id from posts where author_id = ${bob.id} and rewhisp_of_id = ${ids.liked}`);
    const bobsRewhispId = bobsRewhisps[0]?.id;
    const rules = await applicableRules(testApp.database);
    if (rules.includes('posts.original_private')) {
      await run(sql`update posts set original_private = true where id = ${bobsRewhispId}`);
    }
    // Counters added by later migrations (0005, 0006), planted when this schema has them.
    if (rules.includes('hashtag_counts.post_count')) {
      await run(sql`update hashtag_counts set post_count = 7 where hashtag = 'coffee'`);
    }
    // A whisp that lost its author's privacy (0020) would open to everyone.
    if (rules.includes('posts.author_private')) {
      await run(sql`update posts set author_private = true where id = ${ids.quiet}`);
    }
    for (const column of ['followers_count', 'following_count', 'posts_count']) {
      if (!rules.includes(`users.${column}`)) continue;
      await run(sql`update users set ${sql.ref(column)} = 40 where id = ${cat.id}`);
    }

    const drifts = await reconcile(testApp.database);

    const found = (rule: string) => drifts.filter((drift) => drift.rule === rule);
    expect(found('posts.like_count')).toEqual([
      { rule: 'posts.like_count', subject: `post ${ids.liked}`, detail: '3 stored, 2 likes' },
    ]);
    expect(found('posts.reply_count')).toEqual([
      { rule: 'posts.reply_count', subject: `post ${ids.liked}`, detail: '0 stored, 1 replies' },
    ]);
    expect(found('posts.rewhisp_count')).toEqual([
      { rule: 'posts.rewhisp_count', subject: `post ${ids.quiet}`, detail: '3 stored, 0 rewhisps' },
    ]);
    expect(found('posts.media_keys')).toEqual([
      {
        rule: 'posts.media_keys',
        subject: `post ${strayPostId}`,
        detail: `no upload row for ${strayMedia}`,
      },
    ]);
    expect(found('posts.is_reply').map((drift) => drift.subject)).toEqual([`post ${ids.reply}`]);
    expect(found('conversations.last_message').map((drift) => drift.subject)).toEqual([
      `conversation ${conversationId}`,
    ]);
    expect(found('messages.participants').map((drift) => drift.subject)).toEqual([
      `message ${ids.message}`,
    ]);
    // Ann's message to Bob now names Cat, so Bob's notification of it lost its cause too.
    expect(found('notifications.cause').map((drift) => drift.detail)).toEqual(
      expect.arrayContaining([
        `follow from ${bob.id} to ${ann.id} without its cause`,
        `direct_message from ${ann.id} to ${bob.id} without its cause`,
        `poll from ${ann.id} to ${ann.id} about post ${ids.quiet} without its cause`,
      ]),
    );
    expect(found('notifications.cause').map((drift) => drift.subject)).toContain(
      `notification ${followNotificationId}`,
    );
    expect(found('post_idempotency_keys.author')).toHaveLength(1);
    if (rules.includes('hashtag_counts.post_count')) {
      expect(found('hashtag_counts.post_count')).toEqual([
        {
          rule: 'hashtag_counts.post_count',
          subject: "hashtag 'coffee'",
          detail: '7 stored, 1 whisps',
        },
      ]);
    }
    if (rules.includes('posts.author_private')) {
      expect(found('posts.author_private')).toEqual([
        {
          rule: 'posts.author_private',
          subject: `post ${ids.quiet}`,
          detail: 'private stored, its author is public',
        },
      ]);
    }
    if (rules.includes('posts.original_private')) {
      expect(found('posts.original_private')).toEqual([
        {
          rule: 'posts.original_private',
          subject: `post ${bobsRewhispId}`,
          detail: 'private original stored, its author is public',
        },
      ]);
    }
    for (const rule of rules.filter((name) => name.startsWith('users.'))) {
      expect(found(rule).map((drift) => drift.subject)).toEqual([`member ${cat.id}`]);
    }
    // Every rule has been shown to fire: a rule added later needs a planted drift here too.
    expect(new Set(drifts.map((drift) => drift.rule))).toEqual(new Set(rules));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from './client.js';

describe('posting a whisp', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  let bob: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
    bob = await registerMember(testApp.app, { username: 'Bob_Builder' });
  });
  afterAll(() => testApp.close());

  it('answers 201 with the whole Post shape', async () => {
    const response = await api.post('/api/posts', ann, { content: 'Hello, world' });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Whisp posted' });
    expect(body.data).toEqual({
      id: expect.any(String),
      author: {
        id: ann.id,
        username: ann.username,
        acct: ann.username,
        url: `${testApp.config.mail.publicUrl}/user/${ann.username}`,
        display_name: expect.any(String),
        avatar: null,
        is_verified: false,
      },
      content: 'Hello, world',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      media_urls: [],
      media: [],
      hashtags: [],
      mentions: [],
      reply_count: 0,
      rewhisp_count: 0,
      like_count: 0,
      is_liked: false,
      is_rewhisped: false,
      is_bookmarked: false,
      is_reply: false,
      reply_to_id: null,
      rewhisp_of: null,
      reply_settings: { can_reply: 'everyone', can_repost: true },
      content_warning: null,
      poll: null,
      edited_at: null,
    });
    const fetched = await api.get(`/api/posts/${body.data.id}`, bob);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data).toMatchObject({ id: body.data.id, content: 'Hello, world' });
  });

  it('accepts 500 emoji, each counted as one character', async () => {
    const content = '👩‍👩‍👧‍👦'.repeat(250) + '🎉'.repeat(250);

    const response = await api.post('/api/posts', ann, { content });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.content).toBe(content);
  });

  it('refuses 501 characters with the limit in the message', async () => {
    const response = await api.post('/api/posts', ann, { content: 'a'.repeat(501) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Whisps can be at most 500 characters',
    });
  });

  it.each([
    ['empty', ''],
    ['blank', '  \n\t '],
    ['missing', undefined],
  ])('refuses %s content without media', async (_case, content) => {
    const response = await api.post('/api/posts', ann, content === undefined ? {} : { content });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please add some content to your post');
  });

  it('parses hashtags lower-cased and once each, and mentions of existing members only', async () => {
    const whisp = await api.whisp(
      ann,
      'Ship it #Friday #friday #dev_ops with @bob_builder and @nobody_here, mail me@example.com, C#',
    );

    expect(whisp.hashtags).toEqual(['friday', 'dev_ops']);
    expect(whisp.mentions).toEqual(['Bob_Builder']);
  });

  it('stores reply settings', async () => {
    const whisp = await api.whisp(ann, 'Quiet one', {
      reply_settings: { can_reply: 'followers', can_repost: false },
    });

    expect(whisp.reply_settings).toEqual({ can_reply: 'followers', can_repost: false });
    const fetched = (await api.get(`/api/posts/${whisp.id}`, bob)).json().data;
    expect(fetched.reply_settings).toEqual({ can_reply: 'followers', can_repost: false });
  });

  it('refuses an unknown reply setting with a 400', async () => {
    const response = await api.post('/api/posts', ann, {
      content: 'x',
      reply_settings: { can_reply: 'friends' },
    });

    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await api.get(`/api/posts/${id}`, ann);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Post not found');
    }
  });

  it('returns the first whisp when a request is retried with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': 'retry-1' };
    const first = await api.post('/api/posts', ann, { content: 'Only once' }, key);
    const [second, third] = await Promise.all([
      api.post('/api/posts', ann, { content: 'Only once' }, key),
      api.post('/api/posts', ann, { content: 'Only once' }, key),
    ]);

    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(third.json().data.id).toBe(first.json().data.id);
    const rows = await testApp.database.kysely
      .selectFrom('posts')
      .select('id')
      .where('content', '=', 'Only once')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('makes one whisp when the first request and its retries arrive together', async () => {
    const key = { 'idempotency-key': 'all-at-once' };
    const responses = await Promise.all(
      [1, 2, 3].map(() => api.post('/api/posts', ann, { content: 'Together' }, key)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(responses.map((response) => response.json().data.id)).size).toBe(1);
    const rows = await testApp.database.kysely
      .selectFrom('posts')
      .select('id')
      .where('content', '=', 'Together')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an Idempotency-Key longer than 255 characters', async () => {
    const response = await api.post(
      '/api/posts',
      ann,
      { content: 'Long key' },
      { 'idempotency-key': 'k'.repeat(256) },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Idempotency-Key must be 1 to 255 characters');
  });

  it('keeps idempotency keys per member', async () => {
    const key = { 'idempotency-key': 'shared-key' };
    const mine = await api.post('/api/posts', ann, { content: 'Mine' }, key);
    const theirs = await api.post('/api/posts', bob, { content: 'Theirs' }, key);

    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(theirs.json().data.content).toBe('Theirs');
  });
});

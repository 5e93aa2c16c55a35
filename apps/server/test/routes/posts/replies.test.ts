import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from './client.js';

describe('replies and reply settings', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let alice: TestMember;
  let follower: TestMember;
  let stranger: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    alice = await registerMember(testApp.app, { username: 'alice' });
    follower = await registerMember(testApp.app);
    stranger = await registerMember(testApp.app);
    await api.follow(follower, alice);
  });
  afterAll(() => testApp.close());

  it('posts a reply (201) linked to its whisp and counts it exactly', async () => {
    const whisp = await api.whisp(alice, 'Thoughts?');

    const response = await api.post(`/api/posts/${whisp.id}/reply`, stranger, {
      content: 'Agreed #yes',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      is_reply: true,
      reply_to_id: whisp.id,
      content: 'Agreed #yes',
      hashtags: ['yes'],
    });
    await api.post(`/api/posts/${whisp.id}/reply`, follower, { content: 'Me too' });
    expect((await api.get(`/api/posts/${whisp.id}`, alice)).json().data.reply_count).toBe(2);
  });

  it('lists replies oldest first with has_more', async () => {
    const whisp = await api.whisp(alice, 'Count off');
    for (const content of ['one', 'two', 'three']) {
      await api.post(`/api/posts/${whisp.id}/reply`, follower, { content });
    }

    const first = (await api.get(`/api/posts/${whisp.id}/replies?limit=2`, alice)).json();
    const rest = (await api.get(`/api/posts/${whisp.id}/replies?limit=2&offset=2`, alice)).json();

    expect(first.posts.map((post: { content: string }) => post.content)).toEqual(['one', 'two']);
    expect(first.has_more).toBe(true);
    expect(rest.posts.map((post: { content: string }) => post.content)).toEqual(['three']);
    expect(rest.has_more).toBe(false);
  });

  it('refuses an empty reply', async () => {
    const whisp = await api.whisp(alice, 'Say something');
    const response = await api.post(`/api/posts/${whisp.id}/reply`, stranger, { content: ' ' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please add some content to your post');
  });

  it('answers 404 when replying to a whisp that does not exist', async () => {
    const response = await api.post(
      '/api/posts/00000000-0000-4000-8000-000000000000/reply',
      stranger,
      { content: 'Hello?' },
    );
    expect(response.statusCode).toBe(404);
  });

  describe('followers only', () => {
    let whisp: { id: string };
    beforeAll(async () => {
      whisp = await api.whisp(alice, 'Followers only', {
        reply_settings: { can_reply: 'followers', can_repost: true },
      });
    });

    it('lets a follower reply', async () => {
      const response = await api.post(`/api/posts/${whisp.id}/reply`, follower, { content: 'Hi' });
      expect(response.statusCode).toBe(201);
    });

    it('refuses a stranger with a message that says why', async () => {
      const response = await api.post(`/api/posts/${whisp.id}/reply`, stranger, {
        content: 'Hi',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'REPLIES_RESTRICTED',
        message: 'Only people who follow @alice can reply to this whisp',
      });
    });

    it('lets the author reply', async () => {
      const response = await api.post(`/api/posts/${whisp.id}/reply`, alice, { content: 'Hi' });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('nobody', () => {
    let whisp: { id: string };
    beforeAll(async () => {
      whisp = await api.whisp(alice, 'Replies off', {
        reply_settings: { can_reply: 'none', can_repost: true },
      });
    });

    it('refuses a follower and a stranger', async () => {
      for (const who of [follower, stranger]) {
        const response = await api.post(`/api/posts/${whisp.id}/reply`, who, { content: 'Hi' });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('@alice has turned off replies to this whisp');
      }
    });

    it('lets the author reply', async () => {
      const response = await api.post(`/api/posts/${whisp.id}/reply`, alice, { content: 'Hi' });
      expect(response.statusCode).toBe(201);
      expect((await api.get(`/api/posts/${whisp.id}`, alice)).json().data.reply_count).toBe(1);
    });
  });

  it('refuses rewhisps when can_repost is false, saying why', async () => {
    const whisp = await api.whisp(alice, 'Not for sharing', {
      reply_settings: { can_reply: 'everyone', can_repost: false },
    });

    const response = await api.post(`/api/posts/${whisp.id}/rewhisp`, follower, {
      comment: null,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'REWHISPS_RESTRICTED',
      message: '@alice has turned off rewhisps for this whisp',
    });
    expect((await api.get(`/api/posts/${whisp.id}`, alice)).json().data.rewhisp_count).toBe(0);
  });

  it('returns the first reply when a reply is retried with the same Idempotency-Key', async () => {
    const whisp = await api.whisp(alice, 'Retry me');
    const key = { 'idempotency-key': 'reply-retry' };
    const first = await api.post(
      `/api/posts/${whisp.id}/reply`,
      follower,
      { content: 'Once' },
      key,
    );
    const again = await api.post(
      `/api/posts/${whisp.id}/reply`,
      follower,
      { content: 'Once' },
      key,
    );

    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await api.get(`/api/posts/${whisp.id}`, alice)).json().data.reply_count).toBe(1);
  });
});

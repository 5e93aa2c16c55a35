import { CONTENT_WARNING_MAX_LENGTH, errorMessage } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { expectInvalid, ISO_TIME, ok, reply, signUp, TARGETS, useTarget, whisp } from './target.js';

const tooLong = errorMessage('contentWarningTooLong');

describe.each(TARGETS)('content warnings (%s)', (name) => {
  const target = useTarget(name);

  it('keeps a whisp’s warning trimmed, and none when it is absent, null or blank', async () => {
    const member = await signUp(target);
    const warned = await whisp(target, member, 'The ending, in detail', {
      content_warning: '  Film spoilers ',
    });
    expect(warned).toMatchObject({ content_warning: 'Film spoilers', edited_at: null, poll: null });
    for (const extra of [{}, { content_warning: null }, { content_warning: '   ' }]) {
      expect((await whisp(target, member, 'Plain words', extra)).content_warning).toBeNull();
    }
    // Everyone reads it, in the whisp itself and in the feeds.
    const reader = await signUp(target);
    const read = ok(await target.call('GET', `/api/posts/${warned.id}`, { token: reader.token }));
    expect(read.data.content_warning).toBe('Film spoilers');
    const tab = ok(
      await target.call('GET', `/api/users/${member.id}/posts`, { token: reader.token }),
    );
    const listed = tab.posts.find((post: { id: string }) => post.id === warned.id);
    expect(listed.content_warning).toBe('Film spoilers');
  });

  it(`refuses a warning over ${CONTENT_WARNING_MAX_LENGTH} characters, on posting, replying and editing`, async () => {
    const member = await signUp(target);
    const longest = 'w'.repeat(CONTENT_WARNING_MAX_LENGTH);
    const post = await whisp(target, member, 'Fits', { content_warning: longest });
    expect(post.content_warning).toBe(longest);
    const over = `${longest}w`;
    expectInvalid(
      await target.call('POST', '/api/posts', {
        token: member.token,
        json: { content: 'Too much', content_warning: over },
      }),
      'content_warning',
      tooLong,
    );
    expectInvalid(
      await target.call('POST', `/api/posts/${post.id}/reply`, {
        token: member.token,
        json: { content: 'Too much', content_warning: over },
      }),
      'content_warning',
      tooLong,
    );
    expectInvalid(
      await target.call('POST', `/api/posts/${post.id}`, {
        token: member.token,
        json: { content: 'Too much', content_warning: over },
      }),
      'content_warning',
      tooLong,
    );
    // Nothing refused was stored.
    const read = ok(await target.call('GET', `/api/posts/${post.id}`, { token: member.token }));
    expect(read.data).toMatchObject({ content: 'Fits', content_warning: longest, edited_at: null });
  });

  it('puts a warning on a reply', async () => {
    const [author, replier] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Ask me anything');
    const answer = ok(
      await target.call('POST', `/api/posts/${post.id}/reply`, {
        token: replier.token,
        json: { content: 'How did it end?', content_warning: 'Spoilers' },
      }),
      201,
    ).data;
    expect(answer).toMatchObject({ reply_to_id: post.id, content_warning: 'Spoilers' });
    const plain = await reply(target, replier, post.id, 'No warning here');
    expect(plain.content_warning).toBeNull();
  });

  it('replaces the warning on an edit, and an edit without one takes it off', async () => {
    const member = await signUp(target);
    const post = await whisp(target, member, 'Details', { content_warning: 'Food' });
    const edit = (json: Record<string, unknown>) =>
      target.call('POST', `/api/posts/${post.id}`, { token: member.token, json });
    const changed = ok(await edit({ content: 'Details', content_warning: 'Food, lots' })).data;
    expect(changed.content_warning).toBe('Food, lots');
    expect(changed.edited_at).toMatch(ISO_TIME);
    const cleared = ok(await edit({ content: 'Details' })).data;
    expect(cleared.content_warning).toBeNull();
  });
});

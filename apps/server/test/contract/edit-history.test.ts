import { errorMessage } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import {
  expectError,
  ISO_TIME,
  type Member,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

async function historyOf(target: Target, member: Member, postId: string) {
  return ok(await target.call('GET', `/api/posts/${postId}/history`, { token: member.token })).data;
}

const edit = (target: Target, member: Member, postId: string, json: Record<string, unknown>) =>
  target.call('POST', `/api/posts/${postId}`, { token: member.token, json });

describe.each(TARGETS)('edit history (%s)', (name) => {
  const target = useTarget(name);

  it('gives a whisp never edited one entry: itself, with edited_at null', async () => {
    const member = await signUp(target);
    const post = await whisp(target, member, 'First words', { content_warning: 'Mild' });
    expect(post.edited_at).toBeNull();
    expect(await historyOf(target, member, post.id)).toEqual([
      { content: 'First words', content_warning: 'Mild', created_at: post.created_at },
    ]);
  });

  it('keeps every version oldest first, the current one last, and dates the edit', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const post = await whisp(target, author, 'Version one');
    const second = ok(await edit(target, author, post.id, { content: 'Version two' })).data;
    expect(second.edited_at).toMatch(ISO_TIME);
    expect(Date.parse(second.edited_at)).toBeGreaterThanOrEqual(Date.parse(post.created_at));
    const third = ok(
      await edit(target, author, post.id, {
        content: 'Version two',
        content_warning: 'Now warned',
      }),
    ).data;
    expect(Date.parse(third.edited_at)).toBeGreaterThanOrEqual(Date.parse(second.edited_at));
    // Anyone who can read the whisp can read how it changed.
    expect(await historyOf(target, reader, post.id)).toEqual([
      { content: 'Version one', content_warning: null, created_at: post.created_at },
      { content: 'Version two', content_warning: null, created_at: second.edited_at },
      { content: 'Version two', content_warning: 'Now warned', created_at: third.edited_at },
    ]);
    const read = ok(await target.call('GET', `/api/posts/${post.id}`, { token: reader.token }));
    expect(read.data).toMatchObject({ edited_at: third.edited_at, content_warning: 'Now warned' });
  });

  it('keeps no version for an edit that changes neither text nor warning', async () => {
    const member = await signUp(target);
    const post = await whisp(target, member, 'Same', { content_warning: 'Same warning' });
    const unchanged = ok(
      await edit(target, member, post.id, { content: 'Same', content_warning: 'Same warning' }),
    ).data;
    expect(unchanged.edited_at).toBeNull();
    expect(await historyOf(target, member, post.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown whisp and for one whose author blocked the reader', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const notFound = (answer: Awaited<ReturnType<Target['call']>>) =>
      expectError(answer, 404, 'POST_NOT_FOUND', errorMessage('postNotFound'));
    notFound(
      await target.call('GET', '/api/posts/00000000-0000-4000-8000-000000000000/history', {
        token: reader.token,
      }),
    );
    const post = await whisp(target, author, 'Not for you');
    ok(await target.call('POST', `/api/users/${reader.id}/block`, { token: author.token }));
    notFound(await target.call('GET', `/api/posts/${post.id}/history`, { token: reader.token }));
  });
});

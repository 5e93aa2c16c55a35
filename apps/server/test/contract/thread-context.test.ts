import { errorMessage, THREAD_CONTEXT_MAX_DEPTH } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import {
  expectError,
  ids,
  type Member,
  notificationsOf,
  ok,
  reply,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

async function contextOf(target: Target, member: Member, postId: string) {
  const { data } = ok(
    await target.call('GET', `/api/posts/${postId}/context`, { token: member.token }),
  );
  return { ancestors: ids(data.ancestors), descendants: ids(data.descendants) };
}

describe.each(TARGETS)('thread context (%s)', (name) => {
  const target = useTarget(name);

  it('answers a reply to a reply, and tells that reply’s author', async () => {
    const [author, first, second] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const root = await whisp(target, author, 'Root');
    const middle = await reply(target, first, root.id, 'A reply');
    const answer = await reply(target, second, middle.id, 'A reply to the reply');
    expect(answer).toMatchObject({ is_reply: true, reply_to_id: middle.id });
    const told = (await notificationsOf(target, first)).notifications;
    expect(
      told.map((n: { notification_type: string; actor: { id: string }; post: { id: string } }) => [
        n.notification_type,
        n.actor.id,
        n.post.id,
      ]),
    ).toEqual([['reply', second.id, answer.id]]);
    // The reply is counted on the reply it answers, not on the root.
    const read = (id: string) =>
      target.call('GET', `/api/posts/${id}`, { token: author.token }).then((a) => ok(a).data);
    expect((await read(middle.id)).reply_count).toBe(1);
    expect((await read(root.id)).reply_count).toBe(1);
  });

  it('gives ancestors from the root down and descendants depth first, each level oldest first', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const root = await whisp(target, author, 'Root');
    const a = await reply(target, other, root.id, 'a');
    const b = await reply(target, author, root.id, 'b');
    const a1 = await reply(target, author, a.id, 'a1');
    const b1 = await reply(target, other, b.id, 'b1');
    const a2 = await reply(target, other, a.id, 'a2');
    const a1x = await reply(target, other, a1.id, 'a1x');

    expect(await contextOf(target, other, root.id)).toEqual({
      ancestors: [],
      descendants: [a.id, a1.id, a1x.id, a2.id, b.id, b1.id],
    });
    expect(await contextOf(target, other, a1.id)).toEqual({
      ancestors: [root.id, a.id],
      descendants: [a1x.id],
    });
    expect(await contextOf(target, author, a1x.id)).toEqual({
      ancestors: [root.id, a.id, a1.id],
      descendants: [],
    });
    // Whole posts, as everywhere else.
    const { data } = ok(
      await target.call('GET', `/api/posts/${a1.id}/context`, { token: other.token }),
    );
    expect(data.ancestors[1]).toEqual(
      ok(await target.call('GET', `/api/posts/${a.id}`, { token: other.token })).data,
    );
  });

  it('leaves a deleted middle reply out and hangs its replies from their nearest ancestor', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const root = await whisp(target, author, 'Root');
    const first = await reply(target, other, root.id, 'first');
    const middle = await reply(target, other, first.id, 'middle, soon deleted');
    const under = await reply(target, author, middle.id, 'under the middle');
    const deeper = await reply(target, other, under.id, 'deeper');
    const sibling = await reply(target, author, first.id, 'a later sibling of the middle');
    ok(await target.call('DELETE', `/api/posts/${middle.id}`, { token: other.token }));

    // `under` now answers `first` as far as the thread shows, older than `sibling`.
    expect(await contextOf(target, author, root.id)).toEqual({
      ancestors: [],
      descendants: [first.id, under.id, deeper.id, sibling.id],
    });
    expect(await contextOf(target, author, deeper.id)).toEqual({
      ancestors: [root.id, first.id, under.id],
      descendants: [],
    });
  });

  it('leaves out whisps of blocked members, keeping the replies under them', async () => {
    const [author, blocked, other] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const root = await whisp(target, author, 'Root');
    const hidden = await reply(target, blocked, root.id, 'from someone blocked');
    const under = await reply(target, other, hidden.id, 'an answer to them');
    ok(await target.call('POST', `/api/users/${blocked.id}/block`, { token: author.token }));
    expect(await contextOf(target, author, root.id)).toEqual({
      ancestors: [],
      descendants: [under.id],
    });
    expect(await contextOf(target, author, under.id)).toEqual({
      ancestors: [root.id],
      descendants: [],
    });
    // The other member still sees all of it.
    expect((await contextOf(target, other, root.id)).descendants).toEqual([hidden.id, under.id]);
  });

  it(`goes ${THREAD_CONTEXT_MAX_DEPTH} levels deep`, async () => {
    const member = await signUp(target);
    const root = await whisp(target, member, 'Deep');
    const chain: string[] = [];
    let parent = root.id;
    for (let level = 1; level <= THREAD_CONTEXT_MAX_DEPTH + 1; level += 1) {
      parent = (await reply(target, member, parent, `level ${level}`)).id;
      chain.push(parent);
    }
    expect((await contextOf(target, member, root.id)).descendants).toEqual(
      chain.slice(0, THREAD_CONTEXT_MAX_DEPTH),
    );
    // Counted from the whisp asked about.
    expect((await contextOf(target, member, chain[0] as string)).descendants).toEqual(
      chain.slice(1),
    );
  });

  it('answers 404 for an unknown whisp', async () => {
    const member = await signUp(target);
    expectError(
      await target.call('GET', '/api/posts/00000000-0000-4000-8000-000000000000/context', {
        token: member.token,
      }),
      404,
      'POST_NOT_FOUND',
      errorMessage('postNotFound'),
    );
  });
});

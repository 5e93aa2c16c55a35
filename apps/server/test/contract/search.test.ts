import { describe, expect, it } from 'vitest';
import { localAddressOf } from './member-address.js';
import {
  act,
  expectInvalid,
  follow,
  ids,
  ok,
  reply,
  signUp,
  TARGETS,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

describe.each(TARGETS)('search, hashtags and trends (%s)', (name) => {
  const target = useTarget(name);

  it('finds whisps and replies holding every word, the last one as a prefix, newest first', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const word = uniqueWord('coffee');
    const older = await whisp(target, author, `Morning ${word} and toast`);
    const newer = await whisp(target, author, `${word.toUpperCase()} again, with toast`);
    const answer = await reply(target, reader, older.id, `More ${word} toast`);
    const just = await whisp(target, author, `Just ${word}`);
    await act(target, reader, newer.id, 'rewhisp');
    const search = async (q: string) =>
      ok(
        await target.call('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: reader.token }),
      ).data;
    // Every word must match, each as a prefix (the order among them is PostgreSQL's ts_rank).
    expect(ids((await search(`toa ${word}`)).posts).sort()).toEqual(
      [answer.id, newer.id, older.id].sort(),
    );
    // One word, found once in each: newest first.
    expect(ids((await search(word.slice(0, 8))).posts)).toEqual([
      just.id,
      answer.id,
      newer.id,
      older.id,
    ]);
    // A search matches where a word starts, not inside one.
    expect((await search(word.slice(2))).posts).toEqual([]);
    const found = (await search(`${word} again`)).posts;
    expect(found).toEqual([{ ...newer, rewhisp_count: 1, is_rewhisped: true }]);
    expect(await search('   ')).toEqual({ posts: [], users: [] });
  });

  it('finds members by username prefix or display-name word, the exact username first', async () => {
    const viewer = await signUp(target);
    const base = uniqueWord('sam');
    const exact = await signUp(target, { username: base, display_name: 'Sam Exact' });
    const longer = await signUp(target, { username: `${base}_long`, display_name: 'Sam Longer' });
    const popular = await signUp(target, { username: `${base}_pop`, display_name: 'Sam Popular' });
    const byName = await signUp(target, { display_name: `Someone ${base}ish` });
    await follow(target, viewer, popular);
    await follow(target, longer, popular);
    await whisp(target, popular, 'Counted');

    const users = ok(
      await target.call('GET', `/api/search?q=@${base.toUpperCase()}`, { token: viewer.token }),
    ).data.users;
    expect(ids(users)).toEqual([exact.id, popular.id, longer.id, byName.id]);
    expect(users[1]).toEqual({
      id: popular.id,
      username: popular.username,
      ...localAddressOf(popular),
      display_name: 'Sam Popular',
      avatar: null,
      is_verified: false,
      bio: null,
      posts_count: 1,
      followers_count: 2,
      is_following: true,
    });
    const inside = ok(
      await target.call('GET', `/api/search?q=${base.slice(3)}`, { token: viewer.token }),
    );
    expect(inside.data.users).toEqual([]);
  });

  it('shows a hashtag’s whisps (replies too, not rewhisps) newest first, with their count, however the tag is typed', async () => {
    const [author, reader] = [await signUp(target), await signUp(target)];
    const tag = uniqueWord('tag');
    const first = await whisp(target, author, `One #${tag}`);
    const second = await whisp(target, author, `Two #${tag.toUpperCase()}`);
    const answer = await reply(target, reader, first.id, `Three #${tag}`);
    await whisp(target, author, `Not ${tag} without the sign`);
    await act(target, reader, second.id, 'rewhisp');
    const page = async (path: string) =>
      ok(await target.call('GET', `/api/search/hashtag/${path}`, { token: reader.token })).data;
    const all = await page(encodeURIComponent(`#${tag.toUpperCase()}`));
    expect(all.hashtag).toBe(tag);
    expect(all.post_count).toBe(3);
    expect(ids(all.posts)).toEqual([answer.id, second.id, first.id]);
    const paged = await page(`${tag}?limit=1&offset=1`);
    expect({ ...paged, posts: ids(paged.posts) }).toEqual({
      hashtag: tag,
      post_count: 3,
      posts: [second.id],
    });
    expect(await page(uniqueWord('unused'))).toMatchObject({ post_count: 0, posts: [] });
  });

  it('trends: the most used hashtags of recent whisps (not replies or rewhisps), ties by name', async () => {
    const [author, other] = [await signUp(target), await signUp(target)];
    const base = uniqueWord('trend');
    const [top, tieB, tieC, once] = [`${base}a`, `${base}b`, `${base}c`, `${base}d`];
    const post = (tags: string[]) => whisp(target, author, tags.map((t) => `#${t}`).join(' '));
    const counted = await post([top, tieC, once]);
    await post([top, tieB]);
    await post([top, tieB, tieC, top]);
    await reply(target, other, counted.id, `#${once} #${once}`);
    ok(
      await target.call('POST', `/api/posts/${counted.id}/rewhisp`, {
        token: other.token,
        json: { comment: `#${once}` },
      }),
    );
    const trends = ok(await target.call('GET', '/api/trends?limit=100', { token: other.token }));
    const mine = (trends.data as { hashtag: string }[]).filter((t) => t.hashtag.startsWith(base));
    expect(mine).toEqual([
      { hashtag: top, post_count: 3 },
      { hashtag: tieB, post_count: 2 },
      { hashtag: tieC, post_count: 2 },
      { hashtag: once, post_count: 1 },
    ]);
    const fewest = ok(await target.call('GET', '/api/trends', { token: other.token }));
    expect(fewest.data.length).toBeLessThanOrEqual(5);
    expectInvalid(
      await target.call('GET', '/api/trends?limit=x', { token: other.token }),
      'limit',
      'Limit must be a number',
    );
  });
});

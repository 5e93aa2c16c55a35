import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import {
  act,
  expectError,
  expectInvalid,
  follow,
  ISO_TIME,
  ids,
  type Member,
  notificationsOf,
  ok,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

// api.md, Safety (1.1): muted words.

const add = (target: Target, member: Member, word: unknown) =>
  target.call('POST', '/api/users/me/muted-words', { token: member.token, json: { word } });

const get = async (target: Target, member: Member, path: string) =>
  ok(await target.call('GET', path, { token: member.token }));

describe.each(TARGETS)('muted words (%s)', (name) => {
  const target = useTarget(name);

  it('adds (201), lists newest first, keeps one per word whatever its case, and deletes', async () => {
    const member = await signUp(target);
    const first = ok(await add(target, member, '  Spoilers '), 201).data;
    expect(first).toEqual({
      id: expect.any(String),
      word: 'Spoilers',
      created_at: expect.any(String),
    });
    expect(first.created_at).toMatch(ISO_TIME);
    const second = ok(await add(target, member, '#Finale'), 201).data;
    // The same word again, in another case: the one kept, not a second.
    expect(ok(await add(target, member, 'SPOILERS')).data).toEqual(first);
    expect((await get(target, member, '/api/users/me/muted-words')).data).toEqual([second, first]);

    expect(
      ok(
        await target.call('DELETE', `/api/users/me/muted-words/${first.id}`, {
          token: member.token,
        }),
      ),
    ).toEqual({ success: true, message: 'Word unmuted' });
    expect((await get(target, member, '/api/users/me/muted-words')).data).toEqual([second]);
    for (const id of [first.id, 'not-an-id']) {
      expectError(
        await target.call('DELETE', `/api/users/me/muted-words/${id}`, { token: member.token }),
        404,
        'MUTED_WORD_NOT_FOUND',
        'Muted word not found',
      );
    }
    // Someone else's is not found either, and stays.
    const other = await signUp(target);
    expectError(
      await target.call('DELETE', `/api/users/me/muted-words/${second.id}`, { token: other.token }),
      404,
      'MUTED_WORD_NOT_FOUND',
      'Muted word not found',
    );
    expect((await get(target, other, '/api/users/me/muted-words')).data).toEqual([]);
    expect((await get(target, member, '/api/users/me/muted-words')).data).toEqual([second]);
  });

  it(`takes 1–${MUTED_WORD_MAX_LENGTH} characters (as a person counts them), at most ${MUTED_WORDS_MAX}`, async () => {
    const member = await signUp(target);
    for (const word of ['', '   ', '#']) {
      expectInvalid(await add(target, member, word), 'word', 'Please enter a word to mute');
    }
    expectInvalid(
      await add(target, member, 'a'.repeat(MUTED_WORD_MAX_LENGTH + 1)),
      'word',
      `Muted words can be at most ${MUTED_WORD_MAX_LENGTH} characters`,
    );
    ok(await add(target, member, '👍🏽'.repeat(MUTED_WORD_MAX_LENGTH)), 201);
    expect((await add(target, member, 42)).status).toBe(400);
    expect(
      (await target.call('POST', '/api/users/me/muted-words', { token: member.token })).status,
    ).toBe(400);
    for (let i = 1; i < MUTED_WORDS_MAX; i += 1) ok(await add(target, member, `word${i}`), 201);
    expectError(
      await add(target, member, 'one too many'),
      400,
      'TOO_MANY_MUTED_WORDS',
      `You can mute at most ${MUTED_WORDS_MAX} words. Remove one to add another`,
    );
    // A word already muted is still fine at the limit: nothing is added.
    expect((await add(target, member, 'WORD1')).status).toBe(200);
  });

  it('leaves whisps holding a muted word (whole word, any case) or #tag out of feeds, hashtag pages and notifications', async () => {
    const [me, friend] = [await signUp(target), await signUp(target)];
    const word = uniqueWord('w');
    const tag = uniqueWord('t');
    await follow(target, me, friend);
    const plain = await whisp(target, friend, `nothing to see #${tag}`);
    const hit = await whisp(target, friend, `About ${word.toUpperCase()}! #${tag}`);
    const longer = await whisp(target, friend, `${word}s are different`);
    const tagged = await whisp(target, friend, `hello #${tag}x`);
    const viaTag = await whisp(target, friend, `see #${word}`);
    const rewhisp = await act(target, friend, hit.id, 'rewhisp');
    expect(rewhisp.success).toBe(true);
    const mine = await whisp(target, me, `my ${word}`);
    const mention = await whisp(target, friend, `@${me.username} ${word}`);
    await act(target, friend, mine.id, 'like');

    ok(await add(target, me, word), 201);
    ok(await add(target, me, `#${tag.toUpperCase()}x`), 201);
    const feed = async (path: string) => ids((await get(target, me, path)).posts);
    const following = await feed('/api/posts/following');
    // Own whisps hold the word too: a muted word hides whoever wrote it, as on other networks.
    expect(following).toEqual([longer.id, plain.id]);
    expect(await feed('/api/posts/timeline')).toEqual([longer.id, plain.id]);
    expect(await feed('/api/posts/public?limit=200')).not.toContain(hit.id);
    expect(await feed('/api/posts/public?limit=200')).not.toContain(viaTag.id);
    expect(await feed('/api/posts/public?limit=200')).not.toContain(tagged.id);
    expect(ids((await get(target, me, `/api/search/hashtag/${tag}`)).data.posts)).toEqual([
      plain.id,
    ]);
    // Search is asked on purpose: muted words do not apply there.
    expect(ids((await get(target, me, `/api/search?q=${word}`)).data.posts)).toContain(hit.id);
    // The mention holds the word; the like of a whisp holding it is about that whisp.
    expect(await notificationsOf(target, me)).toEqual({ notifications: [], unread_count: 0 });
    expect(mention.id).toBeTruthy();
    // Other members are not affected.
    expect(ids((await get(target, friend, '/api/posts/following')).posts)).toContain(hit.id);
  });

  it('matches whole words in any case in every script, and phrases with punctuation', async () => {
    const [me, friend] = [await signUp(target), await signUp(target)];
    await follow(target, me, friend);
    const suffix = uniqueWord('');
    const accented = await whisp(target, friend, `CAFÉ${suffix}! open`);
    const longer = await whisp(target, friend, `café${suffix}s are open`);
    const inside = await whisp(target, friend, `décafé${suffix} only`);
    const plusses = await whisp(target, friend, `I write C++${suffix}, daily`);
    const letters = await whisp(target, friend, `I write c${suffix}`);
    ok(await add(target, me, `café${suffix}`), 201);
    ok(await add(target, me, `c++${suffix}`), 201);
    const shown = ids((await get(target, me, '/api/posts/following')).posts);
    expect(shown).toEqual([letters.id, inside.id, longer.id]);
    expect([accented.id, plusses.id].some((id) => shown.includes(id))).toBe(false);
  });
});

import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Filters through the Mastodon client API (1.2): an app's filter is Whisp's muted words, which
// Whisp's own app lists and which hide whisps from the member's home feed; what a muted word
// cannot do is refused, and nothing is written then.

const WHISP_CONTEXT = ['home', 'notifications', 'public'] as const;

describe('Mastodon apps: filters are muted words', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let aliceToken: string;
  let aliceApp: mastodon.rest.Client;

  const mutedWords = async (): Promise<string[]> => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/users/me/muted-words',
      headers: alice.headers,
    });
    return response
      .json()
      .data.map((row: { word: string }) => row.word)
      .sort();
  };
  const homeTexts = async () =>
    (await aliceApp.v1.timelines.home.list()).map((status) => status.content);

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app);
    bob = await registerMember(server.app);
    aliceToken = (await signInWithApp(server.url, alice)).accessToken;
    aliceApp = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    await server.app.inject({
      method: 'POST',
      url: `/api/users/${bob.id}/follow`,
      headers: alice.headers,
    });
    for (const content of ['Here be dragons', 'Cats all the way down']) {
      await server.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bob.headers,
        payload: { content },
      });
    }
  });
  afterAll(() => server?.close());

  it('mutes a filter’s keyword in Whisp and hides matching statuses from the home timeline', async () => {
    expect(await homeTexts()).toEqual(['<p>Cats all the way down</p>', '<p>Here be dragons</p>']);
    const filter = await aliceApp.v2.filters.create({
      title: 'Fantasy',
      context: [...WHISP_CONTEXT],
      filterAction: 'hide',
      keywordsAttributes: [{ keyword: 'Dragons', wholeWord: true }],
    });
    expect(filter).toMatchObject({
      title: 'Fantasy',
      filterAction: 'hide',
      expiresAt: null,
      keywords: [{ keyword: 'Dragons', wholeWord: true }],
    });
    expect([...filter.context].sort()).toEqual([...WHISP_CONTEXT].sort());
    expect(filter.id).toMatch(/^[1-9][0-9]{17}$/);
    expect(filter.keywords[0]?.id).toMatch(/^[1-9][0-9]{17}$/);
    expect(await mutedWords()).toEqual(['Dragons']);
    expect(await homeTexts()).toEqual(['<p>Cats all the way down</p>']);

    await aliceApp.v2.filters.$select(filter.id).remove();
    expect(await mutedWords()).toEqual([]);
    expect(await homeTexts()).toHaveLength(2);
    await expect(aliceApp.v2.filters.$select(filter.id).fetch()).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('builds a filter as Tusky does: the filter first, then each keyword, then edits', async () => {
    const filter = await aliceApp.v2.filters.create({
      title: 'Pets',
      context: [...WHISP_CONTEXT],
      filterAction: 'hide',
    });
    expect(filter.keywords).toEqual([]);
    const cats = await aliceApp.v2.filters.$select(filter.id).keywords.create({ keyword: 'cats' });
    const dogs = await aliceApp.v2.filters.$select(filter.id).keywords.create({
      keyword: 'dogs',
      wholeWord: true,
    });
    expect(await mutedWords()).toEqual(['cats', 'dogs']);
    expect(await homeTexts()).toEqual(['<p>Here be dragons</p>']);

    const renamed = await aliceApp.v2.filters.$select(filter.id).update({
      title: 'Animals',
      keywordsAttributes: [
        { id: dogs.id, _destroy: true },
        { keyword: 'hamsters', wholeWord: true },
      ],
    });
    expect(renamed.title).toBe('Animals');
    expect(renamed.keywords.map((keyword) => keyword.keyword)).toEqual(['cats', 'hamsters']);
    const rewritten = await aliceApp.v2.filters.keywords
      .$select(cats.id)
      .update({ keyword: 'kittens' });
    expect(rewritten).toEqual({ id: cats.id, keyword: 'kittens', wholeWord: true });
    expect(await mutedWords()).toEqual(['hamsters', 'kittens']);
    expect(await homeTexts()).toHaveLength(2);

    // Old apps read filters v1: one per muted word (megalodon).
    const megalodon = generator('mastodon', server.url, aliceToken);
    const v1 = (await megalodon.getFilters()).data;
    expect(v1.map((entry) => entry.phrase).sort()).toEqual(['hamsters', 'kittens']);
    expect(v1[0]).toMatchObject({ irreversible: true, whole_word: true, expires_at: null });

    await aliceApp.v2.filters.keywords.$select(cats.id).remove();
    expect(await mutedWords()).toEqual(['hamsters']);
    await aliceApp.v2.filters.$select(filter.id).remove();
    expect(await mutedWords()).toEqual([]);
  });

  it('shows a word muted in Whisp as a filter of its own, titled by its word', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/users/me/muted-words',
      headers: alice.headers,
      payload: { word: '#spoilers' },
    });
    const [own] = await aliceApp.v2.filters.list();
    expect(own).toMatchObject({ title: '#spoilers', keywords: [{ keyword: '#spoilers' }] });
    expect(own?.id).toBe(own?.keywords[0]?.id);
    // Its title is its word: another title or keyword is refused, its own title is kept.
    await expect(
      aliceApp.v2.filters.$select(own?.id ?? '').update({ title: 'Shows' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      aliceApp.v2.filters.$select(own?.id ?? '').keywords.create({ keyword: 'finale' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await aliceApp.v2.filters.$select(own?.id ?? '').update({ title: '#spoilers' });
    await aliceApp.v2.filters.$select(own?.id ?? '').remove();
    expect(await mutedWords()).toEqual([]);
  });

  it('refuses what a muted word cannot do, and writes nothing', async () => {
    const base = { title: 'Nope', context: [...WHISP_CONTEXT] };
    const refusals: [Parameters<typeof aliceApp.v2.filters.create>[0], RegExp][] = [
      [{ ...base, filterAction: 'warn' }, /filter_action "warn" is not supported, use "hide"/],
      [{ ...base, context: ['home', 'thread'] }, /never in threads or profiles/],
      [{ ...base, expiresIn: 3600 }, /last until they are removed/],
      [{ ...base, keywordsAttributes: [{ keyword: 'cat', wholeWord: false }] }, /whole words/],
      [{ ...base, keywordsAttributes: [{ keyword: 'x'.repeat(101) }] }, /at most 100/],
      [{ ...base, title: ' ' }, /needs a title/],
    ];
    for (const [params, message] of refusals) {
      await expect(aliceApp.v2.filters.create(params)).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringMatching(message),
      });
    }
    const kept = await aliceApp.v2.filters.create({
      ...base,
      keywordsAttributes: [{ keyword: 'Taxes' }],
    });
    // The same word again, in any case, in one filter or another: one muted word only.
    await expect(
      aliceApp.v2.filters.create({ ...base, keywordsAttributes: [{ keyword: 'taxes' }] }),
    ).rejects.toMatchObject({ statusCode: 422, message: 'You already mute “taxes”.' });
    await expect(
      aliceApp.v2.filters.$select(kept.id).update({
        keywordsAttributes: [{ keyword: 'rent' }, { keyword: 'RENT' }],
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await mutedWords()).toEqual(['Taxes']);
    expect((await aliceApp.v2.filters.list()).map((filter) => filter.title)).toEqual(['Nope']);

    // Another member's filter and keyword do not exist for Bob's app.
    const bobApp = createRestAPIClient({
      url: server.url,
      accessToken: (await signInWithApp(server.url, bob)).accessToken,
    });
    await expect(bobApp.v2.filters.$select(kept.id).fetch()).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      bobApp.v2.filters.keywords.$select(kept.keywords[0]?.id ?? '').remove(),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await mutedWords()).toEqual(['Taxes']);
  });
});

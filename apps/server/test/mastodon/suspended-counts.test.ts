import { sql } from 'kysely';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// The accounts on a page of statuses (home, public) and of notifications, read by masto.js: their
// follow counts leave out suspended members (Moderation 1.1), as Whisp's own profile does. While
// nobody is suspended the pages read the stored counts; these tests suspend a member and read
// the pages again, so both ways are held to the same numbers.

describe('Mastodon apps: follow counts on the pages of statuses and notifications', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  beforeAll(async () => {
    server = await startMastodonTestServer();
  });
  afterAll(() => server.close());

  const member = () => registerMember(server.app);
  const appOf = async (who: TestMember) =>
    createRestAPIClient({
      url: server.url,
      accessToken: (await signInWithApp(server.url, who)).accessToken,
    });
  const call = async (method: string, url: string, who: TestMember, payload?: object) => {
    const response = await server.app.inject({ method, url, headers: who.headers, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const follow = (who: TestMember, whom: TestMember) =>
    call('POST', `/api/users/${whom.id}/follow`, who);

  /** As the moderators' endpoints do: the row, then every cached sign-in forgotten. */
  const suspend = async (who: TestMember) => {
    await sql`update users set suspended_at = now() where id = ${who.id}`.execute(
      server.database.kysely,
    );
    server.app.sessionCache.clear();
  };

  const byAuthor = (statuses: mastodon.v1.Status[], username: string) =>
    statuses.find((status) => status.account.username === username)?.account;

  it('leave out a suspended follower and followed member, on home, public and notifications', async () => {
    const [author, reader, fan, spammer] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await follow(reader, author);
    await follow(spammer, author);
    await follow(author, spammer);
    await follow(spammer, fan);
    await call('POST', '/api/posts', author, { content: 'Followed by two' });
    const mine = (await call('POST', '/api/posts', reader, { content: 'Liked by a fan' })).data;
    await call('POST', `/api/posts/${mine.id}/like`, fan);
    const app = await appOf(reader);

    const counts = async () => {
      const home = byAuthor(await app.v1.timelines.home.list({ limit: 40 }), author.username);
      const everyone = byAuthor(await app.v1.timelines.public.list({ limit: 40 }), author.username);
      const liked = (await app.v1.notifications.list({ types: ['favourite'] })).find(
        (notification) => notification.account.username === fan.username,
      );
      return [home, everyone, liked?.account].map((account) => [
        account?.followersCount,
        account?.followingCount,
      ]);
    };

    // author: followed by reader and spammer, following spammer; fan: followed by spammer.
    expect(await counts()).toEqual([
      [2, 1],
      [2, 1],
      [1, 0],
    ]);
    await suspend(spammer);
    expect(await counts()).toEqual([
      [1, 0],
      [1, 0],
      [0, 0],
    ]);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMastodonTestServer } from '../mastodon/server.js';
import { signInWithApp } from '../mastodon/sign-in.js';
import { registerMember, type TestMember } from '../members.js';
import { expectContractShape } from './schemas.js';

// Members of other servers (Federation 1.2) are rows of `users` with a host: Whisp's own API and
// the Mastodon client API address them as `username@host`, link them to their own server's page,
// and never take one for a member of this server with the same username. The remote rows are
// written straight into the database, as federation writes them when it meets a remote actor.

const REMOTE_HOST = 'remote.example';

/** A member of remote.example as federation stores one; `profilePage` null when it gave none. */
const remoteMember = (
  username: string,
  displayName: string,
  profilePage: string | null = `https://${REMOTE_HOST}/@${username}`,
) => ({
  username,
  display_name: displayName,
  host: REMOTE_HOST,
  actor_uri: `https://${REMOTE_HOST}/users/${username}`,
  inbox_url: `https://${REMOTE_HOST}/users/${username}/inbox`,
  profile_url: profilePage,
});

const REMOTE_ALICE = remoteMember('alice', 'Alice R');

describe('remote members in Whisp’s own API and the Mastodon client API', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let localAlice: TestMember;
  let viewer: TestMember;
  let remoteAliceId: string;

  const insertRemoteMember = async (member: ReturnType<typeof remoteMember>) => {
    const row = await server.database.kysely
      .insertInto('users')
      .values({ ...member, email: null, password_hash: null, bio: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  /** A Whisp API GET as `viewer`, its body checked against the contract's shape for the path. */
  const read = async (path: string) => {
    const response = await server.app.inject({ method: 'GET', url: path, headers: viewer.headers });
    // biome-ignore lint/suspicious/noExplicitAny: the body is read as a client reads JSON; the tests assert its shape.
    const body: any = response.json();
    expectContractShape('server', 'GET', path.split('?')[0] ?? path, response.statusCode, body);
    return { status: response.statusCode, body };
  };

  beforeAll(async () => {
    server = await startMastodonTestServer();
    localAlice = await registerMember(server.app, { username: 'alice' });
    viewer = await registerMember(server.app);
    remoteAliceId = await insertRemoteMember(REMOTE_ALICE);
  });
  afterAll(() => server?.close());

  it('keeps a remote alice and the local alice as two members', async () => {
    const { rows } = await sql<{ id: string; host: string | null }>`
      select id, host from users where lower(username) = 'alice' order by host nulls first
    `.execute(server.database.kysely);
    expect(rows).toEqual([
      { id: localAlice.id, host: null },
      { id: remoteAliceId, host: REMOTE_HOST },
    ]);
  });

  it('finds the local member by a bare username, with acct the username and url this server’s page', async () => {
    const { status, body } = await read('/api/users/profile/alice');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: localAlice.id,
      username: 'alice',
      acct: 'alice',
      url: `${server.url}/user/alice`,
    });
    // Their own server's name in the handle is still them.
    const withOwnHost = await read(`/api/users/profile/alice@${new URL(server.url).host}`);
    expect(withOwnHost.body.data.id).toBe(localAlice.id);
  });

  it('finds the remote member by username@host, in any case, linked to their own server’s page', async () => {
    for (const handle of ['alice@remote.example', 'ALICE@Remote.Example']) {
      const { status, body } = await read(`/api/users/profile/${handle}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        id: remoteAliceId,
        username: 'alice',
        acct: 'alice@remote.example',
        url: REMOTE_ALICE.profile_url,
        display_name: 'Alice R',
      });
    }
    const byId = await read(`/api/users/${remoteAliceId}`);
    expect(byId.body.data).toMatchObject({ acct: 'alice@remote.example' });
  });

  it('answers 404 for a handle of an unknown server or member, and for one that is no handle', async () => {
    for (const handle of ['alice@elsewhere.example', 'nobody@remote.example', 'a@b@c']) {
      const { status } = await read(`/api/users/profile/${encodeURIComponent(handle)}`);
      expect(status).toBe(404);
    }
  });

  it('names the author of a remote member’s whisp by acct and their page', async () => {
    const post = await server.database.kysely
      .insertInto('posts')
      .values({
        author_id: remoteAliceId,
        content: 'Hello from another server',
        uri: `https://${REMOTE_HOST}/users/alice/statuses/1`,
        url: `https://${REMOTE_HOST}/@alice/1`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { status, body } = await read(`/api/posts/${post.id}`);
    expect(status).toBe(200);
    expect(body.data.author).toEqual({
      id: remoteAliceId,
      username: 'alice',
      acct: 'alice@remote.example',
      url: REMOTE_ALICE.profile_url,
      display_name: 'Alice R',
      avatar: null,
      is_verified: false,
    });
  });

  it('falls back to the actor when the remote server gave no profile page', async () => {
    const id = await insertRemoteMember(remoteMember('carol', 'Carol R', null));
    const { body } = await read(`/api/users/${id}`);
    expect(body.data).toMatchObject({
      acct: 'carol@remote.example',
      url: `https://${REMOTE_HOST}/users/carol`,
    });
  });

  it('mentions the local member by a bare @name, never the remote namesake', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: viewer.headers,
      payload: { content: 'Hi @alice' },
    });
    expect(created.statusCode).toBe(201);
    const { rows } = await sql<{ recipient_id: string }>`
      select recipient_id from notifications where type = 'mention'
    `.execute(server.database.kysely);
    expect(rows).toEqual([{ recipient_id: localAlice.id }]);
  });

  it('lets a member of this server sign up with a username a remote member has', async () => {
    await insertRemoteMember(remoteMember('bob', 'Bob R'));
    const bob = await registerMember(server.app, { username: 'bob' });
    const { body } = await read('/api/users/profile/bob');
    expect(body.data).toMatchObject({ id: bob.id, acct: 'bob' });
    // A second local bob is still refused, whatever the case.
    const taken = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'another-bob@example.com',
        password: 'correct horse battery',
        username: 'BOB',
        display_name: 'Bob',
      },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('gives Mastodon apps the remote account with its host in acct, its page and its actor', async () => {
    const { accessToken } = await signInWithApp(server.url, viewer);
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(response.status, path).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };
    const { rows } = await sql<{ mastodon_id: string }>`
      select mastodon_id::text from users where id = ${remoteAliceId}
    `.execute(server.database.kysely);
    const remote = await get(`/api/v1/accounts/${rows[0]?.mastodon_id}`);
    expect(remote).toMatchObject({
      username: 'alice',
      acct: 'alice@remote.example',
      url: REMOTE_ALICE.profile_url,
      uri: REMOTE_ALICE.actor_uri,
      display_name: 'Alice R',
    });
    const looked = await get('/api/v1/accounts/lookup?acct=alice@remote.example');
    expect(looked.id).toBe(remote.id);
    const local = await get('/api/v1/accounts/lookup?acct=alice');
    expect(local).toMatchObject({ acct: 'alice', url: `${server.url}/user/alice` });
    expect(local.id).not.toBe(remote.id);
  });

  it('counts only this server’s members in the instance’s statistics', async () => {
    const { rows } = await sql<{ local: number }>`
      select count(*)::int as local from users where host is null
    `.execute(server.database.kysely);
    const instance = (await (await fetch(`${server.url}/api/v1/instance`)).json()) as {
      stats: { user_count: number };
    };
    expect(instance.stats.user_count).toBe(rows[0]?.local);
  });

  it('refuses a message to a member of another server, saying why', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/messages/start/${remoteAliceId}`,
      headers: viewer.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'MESSAGES_NOT_FEDERATED',
      message: 'Messages to members of other servers aren’t available yet',
    });
  });
});

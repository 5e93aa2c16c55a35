/**
 * Access control, generated from the route table: every operation of /api/openapi.json must have
 * a rule below, so a new route without one fails this test. See docs/security.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { isErrorBodyOf } from './openapi-operations.js';

/**
 * `moderator`: moderators and admins; `admin`: admins alone. Members hear 403 on both. `app`: a
 * Mastodon app's own token (client_credentials); a member's session is no such token.
 * `mastodon`: a member's token given to a Mastodon app (the web app's session is refused).
 */
type Rule = 'public' | 'member' | 'owner' | 'moderator' | 'admin' | 'app' | 'mastodon';

/** "METHOD path" as in the OpenAPI document → who may call it. */
const ACCESS: Record<string, Rule> = {
  'GET /health': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /media/{file}': 'public',
  'POST /api/auth/logout': 'member',
  // A forgotten password: the member has no session.
  'POST /api/auth/password-reset/request': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  'POST /api/users/me/password': 'member',
  // Sign in with another account: the browser's way through a provider needs no session; the
  // connected accounts are the signed-in member's own (an identity of another is not found).
  'GET /api/auth/providers': 'public',
  'GET /api/auth/oidc/{id}/start': 'public',
  'GET /api/auth/oidc/{id}/callback': 'public',
  'POST /api/auth/oidc/complete': 'public',
  'GET /api/users/me/identities': 'member',
  'POST /api/users/me/identities/{provider}': 'member',
  'DELETE /api/users/me/identities/{id}': 'owner',
  'GET /api/users/me/sessions': 'member',
  'DELETE /api/users/me/sessions/{id}': 'owner',
  // Safety: each member's own blocks, mutes and muted words.
  'POST /api/users/{id}/block': 'member',
  'POST /api/users/{id}/unblock': 'member',
  'POST /api/users/{id}/mute': 'member',
  'POST /api/users/{id}/unmute': 'member',
  'GET /api/users/me/blocks': 'member',
  'GET /api/users/me/mutes': 'member',
  // Private accounts: the signed-in member's own follow requests; the path names who asked, and
  // only a request to the caller is ever found (anyone else's answers 404).
  'GET /api/users/me/follow-requests': 'member',
  'POST /api/users/me/follow-requests/{userId}/accept': 'member',
  'POST /api/users/me/follow-requests/{userId}/reject': 'member',
  'GET /api/users/me/muted-words': 'member',
  'POST /api/users/me/muted-words': 'member',
  'DELETE /api/users/me/muted-words/{id}': 'owner',
  'GET /api/notifications': 'member',
  'PATCH /api/notifications/read-all': 'member',
  'PATCH /api/notifications/{id}/read': 'owner',
  'POST /api/messages/start/{userId}': 'member',
  'POST /api/messages': 'member',
  'GET /api/messages/conversations': 'member',
  'GET /api/messages/conversations/{id}/messages': 'owner',
  'PATCH /api/messages/read': 'member',
  'GET /api/messages/unread-count': 'member',
  'GET /api/events': 'member',
  'POST /api/support': 'member',
  'GET /api/users/me': 'member',
  'POST /api/users/me': 'member',
  'GET /api/users/me/preferences': 'member',
  'PATCH /api/users/me/preferences': 'member',
  // The signed-in member's own data: export, import, deletion (no other member's id in the path).
  'GET /api/users/me/export': 'member',
  'POST /api/users/me/import': 'member',
  'DELETE /api/users/me': 'member',
  'PUT /api/users/banner/position': 'member',
  'POST /api/users/avatar': 'member',
  'POST /api/users/banner': 'member',
  'GET /api/users/suggested': 'member',
  'GET /api/users/profile/{username}': 'member',
  'GET /api/users/lookup': 'member',
  'GET /api/users/{id}': 'member',
  'POST /api/users/{id}/follow': 'member',
  'POST /api/users/{id}/unfollow': 'member',
  'GET /api/users/{id}/followers': 'member',
  'GET /api/users/{id}/following': 'member',
  // Posts, media, rewhisps tabs are for every member; likes and bookmarks only for the owner.
  'GET /api/users/{id}/posts': 'owner',
  'POST /api/posts/media': 'member',
  'GET /api/posts/following': 'member',
  'GET /api/posts/public': 'member',
  'GET /api/posts/timeline': 'member',
  'GET /api/posts/{id}': 'member',
  'POST /api/posts/{id}': 'owner',
  'DELETE /api/posts/{id}': 'owner',
  'GET /api/posts/{id}/replies': 'member',
  'POST /api/posts/': 'member',
  'POST /api/posts/{id}/reply': 'member',
  'POST /api/posts/{id}/report': 'member',
  'POST /api/posts/{id}/like': 'member',
  'POST /api/posts/{id}/unlike': 'member',
  'POST /api/posts/{id}/rewhisp': 'member',
  'POST /api/posts/{id}/unrewhisp': 'member',
  'POST /api/posts/{id}/bookmark': 'member',
  'POST /api/posts/{id}/unbookmark': 'member',
  // Composer (1.2): threads, edit history and votes read and act as a member; a scheduled whisp
  // is its author's alone (another member's is not found).
  'GET /api/posts/{id}/context': 'member',
  'GET /api/posts/{id}/history': 'member',
  'POST /api/polls/{id}/votes': 'member',
  'GET /api/scheduled-posts': 'member',
  'PATCH /api/scheduled-posts/{id}': 'owner',
  'DELETE /api/scheduled-posts/{id}': 'owner',
  'GET /api/bookmarks/': 'member',
  'GET /api/search/': 'member',
  'GET /api/search/hashtag/{tag}': 'member',
  'GET /api/trends/': 'member',
  'POST /api/users/{id}/report': 'member',
  'GET /api/moderation/reports': 'moderator',
  'POST /api/moderation/reports/{id}/resolve': 'moderator',
  'GET /api/moderation/log': 'moderator',
  'POST /api/moderation/users/{id}/unsuspend': 'moderator',
  'GET /api/moderation/instances': 'moderator',
  'PUT /api/moderation/instances/{host}': 'moderator',
  'DELETE /api/moderation/instances/{host}': 'moderator',
  'PUT /api/admin/users/{id}/role': 'admin',
  // The Mastodon client API (routes/mastodon/): discovery and app registration are read and made
  // before any token exists; the OAuth endpoints check the app's own credentials in the request.
  'GET /api/v2/instance': 'public',
  'GET /api/v1/instance': 'public',
  'GET /.well-known/nodeinfo': 'public',
  'GET /nodeinfo/2.0': 'public',
  'GET /api/v1/custom_emojis': 'public',
  'POST /api/v1/apps': 'public',
  'GET /api/v1/apps/verify_credentials': 'app',
  'POST /oauth/token': 'public',
  'POST /oauth/revoke': 'public',
  'GET /.well-known/oauth-authorization-server': 'public',
  // The consent page is a page (it signs the member in itself); its form post carries a one-use
  // ticket from Whisp's own API, the only credential it needs.
  'GET /oauth/authorize': 'public',
  'POST /oauth/authorize': 'public',
  'GET /api/oauth/authorization': 'member',
  'POST /api/oauth/authorization': 'member',
  // Connected apps: the path names an app holding a token of the caller's (else not found).
  'GET /api/users/me/apps': 'member',
  'DELETE /api/users/me/apps/{id}': 'owner',
  'GET /avatars/original/missing.png': 'public',
  'GET /headers/original/missing.png': 'public',
  // The Mastodon client API's member routes: a member's app token, with the route's scope.
  'GET /api/v1/accounts/verify_credentials': 'mastodon',
  'GET /api/v1/accounts/lookup': 'mastodon',
  'GET /api/v1/accounts/{id}': 'mastodon',
  // Statuses, polls and timelines (routes/mastodon/statuses.ts, status-actions.ts, polls.ts,
  // timelines.ts): a status of another member is read or acted on, never changed (404).
  'GET /api/v1/statuses/{id}': 'mastodon',
  'GET /api/v1/statuses/{id}/context': 'mastodon',
  'GET /api/v1/statuses/{id}/source': 'mastodon',
  'POST /api/v1/statuses': 'mastodon',
  'PUT /api/v1/statuses/{id}': 'mastodon',
  'DELETE /api/v1/statuses/{id}': 'mastodon',
  // Edit history and scheduled statuses (routes/mastodon/status-history.ts,
  // scheduled-statuses.ts): a scheduled one is its author's alone (404 for anyone else).
  'GET /api/v1/statuses/{id}/history': 'mastodon',
  'GET /api/v1/scheduled_statuses': 'mastodon',
  'GET /api/v1/scheduled_statuses/{id}': 'mastodon',
  'PUT /api/v1/scheduled_statuses/{id}': 'mastodon',
  'DELETE /api/v1/scheduled_statuses/{id}': 'mastodon',
  'POST /api/v1/statuses/{id}/favourite': 'mastodon',
  'POST /api/v1/statuses/{id}/unfavourite': 'mastodon',
  'POST /api/v1/statuses/{id}/reblog': 'mastodon',
  'POST /api/v1/statuses/{id}/unreblog': 'mastodon',
  'POST /api/v1/statuses/{id}/bookmark': 'mastodon',
  'POST /api/v1/statuses/{id}/unbookmark': 'mastodon',
  'GET /api/v1/polls/{id}': 'mastodon',
  'POST /api/v1/polls/{id}/votes': 'mastodon',
  'GET /api/v1/timelines/home': 'mastodon',
  'GET /api/v1/timelines/public': 'mastodon',
  // Lists of statuses and accounts, and search (routes/mastodon/status-lists.ts, search.ts):
  // read as the member's own pages read them.
  'GET /api/v1/accounts/{id}/statuses': 'mastodon',
  'GET /api/v1/timelines/tag/{tag}': 'mastodon',
  'GET /api/v1/favourites': 'mastodon',
  'GET /api/v1/bookmarks': 'mastodon',
  'GET /api/v1/statuses/{id}/favourited_by': 'mastodon',
  'GET /api/v1/statuses/{id}/reblogged_by': 'mastodon',
  'GET /api/v2/search': 'mastodon',
  // Media (routes/mastodon/media.ts): an upload is its uploader's alone (404 for anyone else).
  'POST /api/v1/media': 'mastodon',
  'POST /api/v2/media': 'mastodon',
  'GET /api/v1/media/{id}': 'mastodon',
  'PUT /api/v1/media/{id}': 'mastodon',
  'DELETE /api/v1/media/{id}': 'mastodon',
  'GET /api/v1/notifications': 'mastodon',
  'GET /api/v1/notifications/{id}': 'mastodon',
  'POST /api/v1/notifications/{id}/dismiss': 'mastodon',
  'POST /api/v1/notifications/clear': 'mastodon',
  'GET /api/v1/markers': 'mastodon',
  'POST /api/v1/markers': 'mastodon',
  // Streaming: apps ask its health first. The WebSocket itself is not an OpenAPI operation; it
  // checks its token before the upgrade (test/mastodon/streaming.test.ts).
  'GET /api/v1/streaming/health': 'public',
  // Relationships in the Mastodon client API (routes/mastodon/relationships.ts, account-lists.ts).
  'GET /api/v1/accounts/relationships': 'mastodon',
  'POST /api/v1/accounts/{id}/follow': 'mastodon',
  'POST /api/v1/accounts/{id}/unfollow': 'mastodon',
  'POST /api/v1/accounts/{id}/block': 'mastodon',
  'POST /api/v1/accounts/{id}/unblock': 'mastodon',
  'POST /api/v1/accounts/{id}/mute': 'mastodon',
  'POST /api/v1/accounts/{id}/unmute': 'mastodon',
  'GET /api/v1/accounts/{id}/followers': 'mastodon',
  'GET /api/v1/accounts/{id}/following': 'mastodon',
  'GET /api/v1/blocks': 'mastodon',
  'GET /api/v1/mutes': 'mastodon',
  'GET /api/v1/follow_requests': 'mastodon',
  'POST /api/v1/follow_requests/{id}/authorize': 'mastodon',
  'POST /api/v1/follow_requests/{id}/reject': 'mastodon',
  // Conversations (routes/mastodon/conversations.ts): a member's own only (404 for another's).
  'GET /api/v1/conversations': 'mastodon',
  'DELETE /api/v1/conversations/{id}': 'mastodon',
  'POST /api/v1/conversations/{id}/read': 'mastodon',
  // Filters (routes/mastodon/filters.ts): a member's own muted words only (404 for another's).
  'GET /api/v1/filters': 'mastodon',
  'GET /api/v2/filters': 'mastodon',
  'POST /api/v2/filters': 'mastodon',
  'GET /api/v2/filters/{id}': 'mastodon',
  'PUT /api/v2/filters/{id}': 'mastodon',
  'DELETE /api/v2/filters/{id}': 'mastodon',
  'GET /api/v2/filters/{id}/keywords': 'mastodon',
  'POST /api/v2/filters/{id}/keywords': 'mastodon',
  'GET /api/v2/filters/keywords/{id}': 'mastodon',
  'PUT /api/v2/filters/keywords/{id}': 'mastodon',
  'DELETE /api/v2/filters/keywords/{id}': 'mastodon',
  // Reports, preferences, suggestions, trends and the lists apps read at start-up
  // (routes/mastodon/reports.ts, preferences.ts, discovery.ts, start-up-lists.ts).
  'POST /api/v1/reports': 'mastodon',
  'GET /api/v1/preferences': 'mastodon',
  'GET /api/v2/suggestions': 'mastodon',
  'GET /api/v1/suggestions': 'mastodon',
  'DELETE /api/v1/suggestions/{id}': 'mastodon',
  'GET /api/v1/trends/tags': 'mastodon',
  'GET /api/v1/trends/statuses': 'mastodon',
  'GET /api/v1/trends/links': 'mastodon',
  'GET /api/v1/lists': 'mastodon',
  'GET /api/v1/lists/{id}': 'mastodon',
  'GET /api/v1/followed_tags': 'mastodon',
  'GET /api/v1/featured_tags': 'mastodon',
  'GET /api/v1/endorsements': 'mastodon',
  'GET /api/v1/announcements': 'mastodon',
  'GET /api/v1/domain_blocks': 'mastodon',
  'POST /api/v1/domain_blocks': 'mastodon',
  'DELETE /api/v1/domain_blocks': 'mastodon',
  // About the server, read before any sign-in as the instance is.
  'GET /api/v1/instance/peers': 'public',
  'GET /api/v1/instance/activity': 'public',
  'GET /api/v1/instance/rules': 'public',
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  key: string;
  method: Method;
  path: string;
  secured: boolean;
}

async function readText(stream: NodeJS.ReadableStream) {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** The error body of the operation's API: Whisp's own, or the Mastodon client API's. */
function expectErrorShape(body: unknown, key: string) {
  expect(isErrorBodyOf(key, body), `${key}: ${JSON.stringify(body)}`).toBe(true);
}

describe('access matrix (generated from /api/openapi.json)', () => {
  let testApp: TestApp;
  let operations: Operation[];
  let alice: TestMember;
  let bob: TestMember;
  /** Alice's correspondent: Bob is outside their conversation. */
  let carol: TestMember;
  let postId: string;
  let notificationId: string;
  let conversationId: string;
  /** A second sign-in of Alice's, which the owner check may end. */
  let aliceOtherSessionId: string;
  let aliceMutedWordId: string;
  /** The poll of a whisp of Alice's, and a whisp Alice scheduled. */
  let pollId: string;
  let scheduledId: string;
  /** A provider account connected to Alice's. */
  let aliceIdentityId: string;
  let aliceAppId: string;
  /** A Mastodon app's token of Alice's: for the Mastodon API only. */
  let aliceAppToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { app } = testApp;
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Method,
        path,
        secured: (operation.security?.length ?? 0) > 0,
      })),
    );

    alice = await registerMember(app);
    bob = await registerMember(app);
    carol = await registerMember(app);
    const post = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: { content: 'Alice’s whisp #matrix' },
    });
    expect(post.statusCode).toBe(201);
    postId = post.json().data.id;
    // Bob follows Alice: Alice gets a notification.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/users/${alice.id}/follow`,
          headers: bob.headers,
        })
      ).statusCode,
    ).toBe(200);
    const notifications = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: alice.headers,
    });
    notificationId = notifications.json().data.notifications[0].id;
    const conversation = await app.inject({
      method: 'POST',
      url: `/api/messages/start/${carol.id}`,
      headers: alice.headers,
    });
    expect(conversation.statusCode).toBe(200);
    conversationId = conversation.json().data.id;
    const otherSignIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: alice.email, password: alice.password },
    });
    const sessions = await app.inject({
      method: 'GET',
      url: '/api/users/me/sessions',
      headers: { authorization: `Bearer ${otherSignIn.json().data.token}` },
    });
    aliceOtherSessionId = sessions
      .json()
      .data.find((session: { current: boolean }) => session.current).id;
    aliceMutedWordId = (
      await app.inject({
        method: 'POST',
        url: '/api/users/me/muted-words',
        headers: alice.headers,
        payload: { word: 'matrix' },
      })
    ).json().data.id;
    // A week-long poll and a whisp a day ahead: nothing the jobs would touch while this runs.
    const polled = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: {
        content: 'Alice asks',
        poll: { options: ['Yes', 'No'], expires_in: 604_800, multiple: false },
      },
    });
    expect(polled.statusCode).toBe(201);
    pollId = polled.json().data.poll.id;
    const scheduled = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: alice.headers,
      payload: {
        content: 'Alice, tomorrow',
        scheduled_at: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      },
    });
    expect(scheduled.statusCode).toBe(201);
    scheduledId = scheduled.json().data.id;
    // Alice likes and bookmarks her whisp, so her private tabs have something in them.
    await app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: alice.headers });
    await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/bookmark`,
      headers: alice.headers,
    });
    await app.repositories.identities.link(alice.id, 'test', 'alice-at-the-provider');
    aliceIdentityId = (await app.repositories.identities.list(alice.id))[0]?.id as string;
    const mastodonApp = await app.repositories.oauthApps.create({
      clientId: 'matrix-client',
      clientSecret: 'matrix-secret',
      name: 'Matrix app',
      website: null,
      redirectUris: ['urn:ietf:wg:oauth:2.0:oob'],
      scopes: ['read', 'write', 'follow'],
    });
    aliceAppId = mastodonApp.id;
    aliceAppToken = 'B'.repeat(43);
    await app.repositories.oauthGrants.createMemberToken(
      aliceAppId,
      alice.id,
      ['read', 'write', 'follow'],
      aliceAppToken,
    );
    // A score of requests and three sign-ups: more than a minute on a busy two-core machine.
  }, 180_000);
  afterAll(() => testApp.close());

  /** The path with every parameter replaced by a real id owned by Alice. */
  function concrete(path: string) {
    const values: Record<string, string> = {
      id: path.startsWith('/api/notifications')
        ? notificationId
        : path.startsWith('/api/users/me/identities')
          ? aliceIdentityId
          : path.startsWith('/api/users/me/apps')
            ? aliceAppId
            : path.startsWith('/api/messages/conversations')
              ? conversationId
              : path.startsWith('/api/users')
                ? alice.id
                : path.startsWith('/api/polls')
                  ? pollId
                  : path.startsWith('/api/scheduled-posts')
                    ? scheduledId
                    : postId,
      userId: bob.id,
      username: alice.username,
      tag: 'matrix',
      provider: 'test',
      file: 'nothing-here.webp',
      host: 'remote.example',
    };
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`No value for path parameter {${name}} in ${path}`);
      return value;
    });
  }

  it('every route has an access rule, and the table names no route that is gone', () => {
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations.map((o) => o.key).filter((key) => !(key in ACCESS));
    expect(missing, 'routes without an access rule in ACCESS').toEqual([]);
    const stale = Object.keys(ACCESS).filter((key) => !operations.some((o) => o.key === key));
    expect(stale, 'rules for routes that no longer exist').toEqual([]);
  });

  it('documents bearer auth exactly on the routes that need a member', () => {
    for (const operation of operations) {
      expect(operation.secured, operation.key).toBe(ACCESS[operation.key] !== 'public');
    }
  });

  it('answers 401 in the error shape to every authenticated route without a token or with a garbage one', async () => {
    const secured = operations.filter((o) => ACCESS[o.key] !== 'public');
    expect(secured.length).toBeGreaterThan(40);
    const garbage = [
      undefined,
      'Bearer not-a-real-token',
      'Bearer ',
      'Basic YWxpY2U6c2VjcmV0',
      `Bearer ${'A'.repeat(43)}`,
    ];
    for (const operation of secured) {
      for (const authorization of garbage) {
        const response = await testApp.app.inject({
          method: operation.method,
          url: concrete(operation.path),
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(response.statusCode, `${operation.key} with ${authorization ?? 'no token'}`).toBe(
          401,
        );
        expectErrorShape(response.json(), operation.key);
      }
    }
  });

  it('refuses a Mastodon app’s token of a member on every route of Whisp’s own API', async () => {
    const whispRoutes = operations.filter(
      (o) =>
        ['member', 'owner', 'moderator', 'admin'].includes(ACCESS[o.key] ?? '') &&
        o.path.startsWith('/api/') &&
        !/^\/api\/v[12]\//.test(o.path),
    );
    expect(whispRoutes.length).toBeGreaterThan(40);
    for (const operation of whispRoutes) {
      const response = await testApp.app.inject({
        method: operation.method,
        url: concrete(operation.path),
        headers: { authorization: `Bearer ${aliceAppToken}` },
      });
      expect(response.statusCode, operation.key).toBe(401);
      expect(response.json(), operation.key).toMatchObject({ code: 'INVALID_TOKEN' });
    }
  });

  it('lets a member’s Mastodon app token through on every Mastodon member route, and not the web app’s session', async () => {
    const mastodonRoutes = operations.filter((o) => ACCESS[o.key] === 'mastodon');
    expect(mastodonRoutes.length).toBeGreaterThanOrEqual(3);
    // A member of their own: some of these routes clear or change what the tests after use.
    const dora = await registerMember(testApp.app);
    const doraAppToken = 'D'.repeat(43);
    await testApp.app.repositories.oauthGrants.createMemberToken(
      aliceAppId,
      dora.id,
      ['read', 'write', 'follow'],
      doraAppToken,
    );
    for (const operation of mastodonRoutes) {
      const url = concrete(operation.path);
      const withApp = await testApp.app.inject({
        method: operation.method,
        url,
        headers: { authorization: `Bearer ${doraAppToken}` },
      });
      expect(withApp.statusCode, `${operation.key} with an app token`).not.toBe(401);
      expect(withApp.statusCode, operation.key).toBeLessThan(500);
      const withSession = await testApp.app.inject({
        method: operation.method,
        url,
        headers: dora.headers,
      });
      expect(withSession.statusCode, `${operation.key} with the web app's session`).toBe(401);
      expectErrorShape(withSession.json(), operation.key);
    }
  });

  it('lets public routes answer without a token (never 401)', async () => {
    for (const operation of operations.filter((o) => ACCESS[o.key] === 'public')) {
      const response = await testApp.app.inject({
        method: operation.method,
        url: concrete(operation.path),
      });
      expect(response.statusCode, operation.key).not.toBe(401);
      expect(response.statusCode, operation.key).toBeLessThan(500);
    }
  });

  it('refuses a token in the query on every route but the event stream, in the error shape', async () => {
    const others = operations.filter(
      (o) => ACCESS[o.key] !== 'public' && o.key !== 'GET /api/events',
    );
    expect(others.length).toBeGreaterThan(40);
    for (const operation of others) {
      const url = concrete(operation.path);
      for (const name of ['token', 'access_token']) {
        const response = await testApp.app.inject({
          method: operation.method,
          url: `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(alice.token)}`,
        });
        expect(response.statusCode, `${operation.key} with ?${name}=`).toBe(401);
        expectErrorShape(response.json(), operation.key);
      }
    }
  });

  it('takes a live token in the query on the event stream (EventSource cannot send headers), and no other', async () => {
    const open = (token: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/events?token=${encodeURIComponent(token)}`,
        // The stream stays open: read its head, then let it go.
        payloadAsStream: true,
      });

    const live = await open(alice.token);
    live.stream().destroy();
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toMatch(/^text\/event-stream/);

    const forged = await open('A'.repeat(43));
    expect(forged.statusCode).toBe(401);
    expectErrorShape(JSON.parse(await readText(forged.stream())), 'GET /api/events');
  });

  it('refuses members on moderation routes, and moderators on admin routes, with 403 FORBIDDEN', async () => {
    const staffOnly = operations.filter((o) =>
      ['moderator', 'admin'].includes(ACCESS[o.key] ?? ''),
    );
    expect(staffOnly.length).toBeGreaterThanOrEqual(5);
    const moderator = await registerMember(testApp.app);
    await testApp.app.repositories.moderation.setRole(moderator.id, 'moderator');
    for (const operation of staffOnly) {
      const callers = ACCESS[operation.key] === 'admin' ? [bob, moderator] : [bob];
      for (const caller of callers) {
        const response = await testApp.app.inject({
          method: operation.method,
          url: concrete(operation.path),
          headers: caller.headers,
          ...(operation.method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${operation.key} as ${caller.username}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  /** Owner-only operations: how another member is refused, and a call the owner may make. */
  const ownerChecks: Record<
    string,
    { url: () => string; payload?: object; other: number; ownerAllowed?: boolean }[]
  > = {
    'POST /api/posts/{id}': [
      {
        url: () => `/api/posts/${postId}`,
        payload: { content: 'Bob was here' },
        other: 403,
        ownerAllowed: true,
      },
    ],
    'DELETE /api/posts/{id}': [{ url: () => `/api/posts/${postId}`, other: 403 }],
    // The path names a session of Alice's; Bob's /me is his own, where it is not found.
    'DELETE /api/users/me/sessions/{id}': [
      {
        url: () => `/api/users/me/sessions/${aliceOtherSessionId}`,
        other: 404,
        ownerAllowed: true,
      },
    ],
    // The path names a muted word of Alice's; for Bob it is not found, and stays Alice's.
    'DELETE /api/users/me/muted-words/{id}': [
      {
        url: () => `/api/users/me/muted-words/${aliceMutedWordId}`,
        other: 404,
        ownerAllowed: true,
      },
    ],
    // The path names an account connected to Alice's; for Bob it is not found, and stays hers.
    'DELETE /api/users/me/identities/{id}': [
      { url: () => `/api/users/me/identities/${aliceIdentityId}`, other: 404, ownerAllowed: true },
    ],
    // The path names an app holding Alice's token; for Bob it is not found, and keeps it.
    'DELETE /api/users/me/apps/{id}': [
      { url: () => `/api/users/me/apps/${aliceAppId}`, other: 404, ownerAllowed: true },
    ],
    'PATCH /api/notifications/{id}/read': [
      { url: () => `/api/notifications/${notificationId}/read`, other: 404, ownerAllowed: true },
    ],
    'GET /api/messages/conversations/{id}/messages': [
      {
        url: () => `/api/messages/conversations/${conversationId}/messages`,
        other: 404,
        ownerAllowed: true,
      },
    ],
    // The path names a scheduled whisp of Alice's; for Bob it is not found, and stays hers.
    'PATCH /api/scheduled-posts/{id}': [
      {
        url: () => `/api/scheduled-posts/${scheduledId}`,
        payload: { content: 'Bob was here' },
        other: 404,
        ownerAllowed: true,
      },
    ],
    // After the PATCH above: the owner's cancel comes last.
    'DELETE /api/scheduled-posts/{id}': [
      { url: () => `/api/scheduled-posts/${scheduledId}`, other: 404, ownerAllowed: true },
    ],
    'GET /api/users/{id}/posts': [
      { url: () => `/api/users/${alice.id}/posts?tab=likes`, other: 403, ownerAllowed: true },
      { url: () => `/api/users/${alice.id}/posts?tab=bookmarks`, other: 403, ownerAllowed: true },
    ],
  };

  it('has an owner check for every owner-only route', () => {
    const owned = Object.keys(ACCESS).filter((key) => ACCESS[key] === 'owner');
    expect(Object.keys(ownerChecks).sort()).toEqual(owned.sort());
  });

  it('refuses another member on owner-only routes (403/404 per api.md), in the error shape', async () => {
    for (const [key, checks] of Object.entries(ownerChecks)) {
      const method = key.split(' ')[0] as Method;
      for (const check of checks) {
        const response = await testApp.app.inject({
          method,
          url: check.url(),
          headers: bob.headers,
          ...(check.payload ? { payload: check.payload } : {}),
        });
        expect(response.statusCode, `${key} as another member: ${check.url()}`).toBe(check.other);
        expectErrorShape(response.json(), key);
      }
    }
    // Nothing Bob tried changed Alice's whisp.
    const post = await testApp.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: alice.headers,
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().data.content).toBe('Alice’s whisp #matrix');
    const scheduled = await testApp.app.inject({
      method: 'GET',
      url: '/api/scheduled-posts',
      headers: alice.headers,
    });
    expect(scheduled.json().data).toMatchObject([{ id: scheduledId, content: 'Alice, tomorrow' }]);
  });

  it('lets the owner do what another member may not', async () => {
    for (const [key, checks] of Object.entries(ownerChecks)) {
      const method = key.split(' ')[0] as Method;
      for (const check of checks.filter((c) => c.ownerAllowed)) {
        const response = await testApp.app.inject({
          method,
          url: check.url(),
          headers: alice.headers,
          ...(check.payload ? { payload: check.payload } : {}),
        });
        expect(response.statusCode, `${key} as the owner: ${check.url()}`).toBe(200);
      }
    }
    // Other members' public tabs stay readable.
    const posts = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${alice.id}/posts?tab=posts`,
      headers: bob.headers,
    });
    expect(posts.statusCode).toBe(200);
  });
});

/**
 * Cache-Control on the API, generated from the route table (/api/openapi.json): every answer to a
 * signed-in request is `no-store`, whatever the route and whatever the status, so a route added
 * later is checked without a line here. Answers open to everyone keep their own caching.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { fillPath, listOperations, type Operation } from './openapi-operations.js';

/** `no-store, no-transform` → ['no-store', 'no-transform'] */
const directivesOf = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((directive) => directive.trim().toLowerCase())
    .filter(Boolean);

const HASHED_ASSET = 'assets/index-4f2a9c.js';
const YEAR_LONG = 'public, max-age=31536000, immutable';

describe('Cache-Control on /api/ answers (generated from /api/openapi.json)', () => {
  const webAppDir = makeTempDir('no-store-web-app');
  let testApp: TestApp;
  let operations: Operation[];
  let member: TestMember;
  let other: TestMember;
  let postId: string;
  let mediaKey: string;
  /** A Mastodon app's own token (client_credentials), for the routes only such a token opens. */
  let appHeaders: Record<string, string>;
  /** A member's token given to a Mastodon app, for the Mastodon API's member routes. */
  let mastodonHeaders: Record<string, string>;

  beforeAll(async () => {
    mkdirSync(path.join(webAppDir, 'assets'));
    writeFileSync(path.join(webAppDir, 'index.html'), '<!doctype html><title>Whisp</title>');
    writeFileSync(path.join(webAppDir, HASHED_ASSET), 'console.log("app")');
    testApp = await createTestApp({ config: { staticDir: webAppDir } });
    operations = await listOperations(testApp.app);
    member = await registerMember(testApp.app);
    other = await registerMember(testApp.app);
    const post = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: member.headers,
      payload: { content: 'Cached nowhere' },
    });
    postId = post.json().data.id;
    const bytes = Buffer.from('a stored video, as far as this test cares');
    mediaKey = `${createHash('sha256').update(bytes).digest('hex')}.mp4`;
    await testApp.app.mediaStorage.put(mediaKey, bytes);
    const app = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/apps',
        payload: { client_name: 'No-store', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' },
      })
    ).json();
    const token = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
      },
    });
    appHeaders = { authorization: `Bearer ${token.json().access_token}` };
    const memberAppToken = randomUUID();
    await testApp.app.repositories.oauthGrants.createMemberToken(
      app.id,
      member.id,
      ['read', 'write', 'follow'],
      memberAppToken,
    );
    mastodonHeaders = { authorization: `Bearer ${memberAppToken}` };
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(webAppDir, { recursive: true, force: true });
  });

  /** Real ids where the member has them (answers of 200), unknown ones elsewhere (404s). */
  const valueFor = (operation: Operation) => (parameter: string) => {
    if (parameter === 'id' && operation.path.startsWith('/api/users/')) return member.id;
    if (parameter === 'id' && operation.path.startsWith('/api/posts/')) return postId;
    if (parameter === 'userId') return other.id;
    if (parameter === 'username') return member.username;
    if (parameter === 'tag') return 'cached';
    return randomUUID();
  };

  async function callSignedIn(operation: Operation) {
    const url = fillPath(operation.path, valueFor(operation));
    if (operation.key === 'GET /api/events') {
      // The stream stays open: read its head, then let it go.
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: member.headers,
        payloadAsStream: true,
      });
      response.stream().destroy();
      return response;
    }
    return testApp.app.inject({
      method: operation.method,
      url,
      headers:
        operation.key === 'GET /api/v1/apps/verify_credentials'
          ? appHeaders
          : /^\/api\/v[12]\//.test(operation.path)
            ? mastodonHeaders
            : member.headers,
      ...(operation.method === 'GET' ? {} : { payload: {} }),
    });
  }

  it('answers every signed-in request no-store, successes and refusals alike', async () => {
    const secured = operations.filter((operation) => operation.secured);
    expect(secured.length).toBeGreaterThan(40);
    // Signing out ends the session every other call uses: it goes last.
    const ordered = [
      ...secured.filter((operation) => operation.key !== 'POST /api/auth/logout'),
      ...secured.filter((operation) => operation.key === 'POST /api/auth/logout'),
    ];
    const statuses = new Set<number>();
    const missing: string[] = [];
    for (const operation of ordered) {
      const response = await callSignedIn(operation);
      // A 401 would mean the session was lost on the way: then nothing here proves anything.
      expect(response.statusCode, operation.key).not.toBe(401);
      expect(response.statusCode, operation.key).toBeLessThan(500);
      statuses.add(response.statusCode);
      if (!directivesOf(response.headers['cache-control']).includes('no-store')) {
        missing.push(
          `${operation.key} (${response.statusCode}: ${response.headers['cache-control']})`,
        );
      }
    }
    expect(missing, 'signed-in answers without no-store').toEqual([]);
    // Successes and refusals (validation, not found, forbidden, wrong media type) were all seen.
    expect([...statuses].some((status) => status < 300)).toBe(true);
    expect([...statuses].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
  });

  it('leaves the answers open to everyone as they were', async () => {
    for (const operation of operations.filter((candidate) => !candidate.secured)) {
      const response = await testApp.app.inject({
        method: operation.method,
        url: fillPath(operation.path, () => mediaKey),
        ...(operation.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, operation.key).not.toBe(401);
      expect(response.statusCode, operation.key).toBeLessThan(500);
    }
    // A stored file and the web app's hashed assets stay cached for a year, even when a request
    // carries a session: their bytes never change and are nobody's secret.
    for (const url of [`/media/${mediaKey}`, `/${HASHED_ASSET}`]) {
      for (const headers of [{}, member.headers]) {
        const response = await testApp.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe(YEAR_LONG);
      }
    }
    // The page revalidates, as the web app's deploys need.
    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

/**
 * Hostile input, generated from the route table: every operation of /api/openapi.json gets random
 * and malicious path parameters, query strings, headers and bodies, as no one and as a member, so
 * a new route is fuzzed the day it is added. The answer is never a 5xx, every refusal is in the
 * error shape of api.md, and a refused request writes nothing: no row in any table, no media file.
 * See docs/security.md.
 *
 * fast-check prints the seed and path of a failure; replay it with HOSTILE_INPUT_SEED=<seed>
 * (and HOSTILE_INPUT_RUNS=<n> to fuzz longer on your machine).
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import {
  hostileJson,
  hostileJsonText,
  hostileQuery,
  hostileSegment,
  hostileString,
  nested,
  wellFormed,
} from './hostile-values.js';
import {
  errorDialect,
  fillPath,
  isErrorBodyOf,
  listOperations,
  type Method,
  type Operation,
} from './openapi-operations.js';
import { installWriteDetector, type WriteDetector } from './write-detector.js';

// Runs per operation: about fifty operations, each run a request and a look at what was written,
// keep the file within half a minute on a busy two-core machine.
const RUNS = Number(process.env.HOSTILE_INPUT_RUNS ?? 10);
const SEED = process.env.HOSTILE_INPUT_SEED ? Number(process.env.HOSTILE_INPUT_SEED) : undefined;
const fuzzOptions = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

// Fuzzed requests come from an address of their own: the failed sign-ins they cause must not
// rate-limit the sign-ins this test makes to keep its member signed in.
const FUZZ_ADDRESS = '198.51.100.7';

// The error shape of api.md; a code is what a client switches on, so it is a constant's name.
// What must never reach a client: a stack frame, SQL, or a driver's words.
const LEAK =
  /\bat .+\.(ts|js):\d+|\b(SELECT|INSERT|UPDATE|DELETE) .+\b(FROM|INTO|SET)\b|syntax error at|violates .+ constraint|ECONNREFUSED/i;

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'multipart'; parts: FilePart[] };

interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

interface HostileRequest {
  asMember: boolean;
  pathValues: string[];
  query: string | undefined;
  headers: Record<string, string>;
  body: Body;
}

function multipartPayload(parts: FilePart[]) {
  const boundary = `----whisp-fuzz-${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; ` +
        `filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

// Opened while the file is collected, so that each operation of the route table gets a test of
// its own name: a failure names the route.
const testApp: TestApp = await createTestApp();
const operations: Operation[] = await listOperations(testApp.app);

describe('hostile input on every operation (generated from /api/openapi.json)', () => {
  let detector: WriteDetector;
  let member: TestMember;
  let other: TestMember;
  let ownPostId: string;
  let othersPostId: string;
  let notificationId: string;
  let conversationId: string;
  let mutedWordId: string;
  let reportId: string;
  let picture: Buffer;
  /** Polls of the other member's whisp (open to the member's vote) and of the member's own. */
  let othersPollId: string;
  let ownPollId: string;
  let scheduledId: string;
  /**
   * The member's token given to a Mastodon app, and both members' Mastodon ids: the Mastodon
   * API's member routes refuse the web app's session before reading anything, so they are fuzzed
   * with this to reach the code behind.
   */
  let mastodonHeaders: { authorization: string };
  let mastodonAccountIds: string[];
  let mastodonMediaId: string;

  async function signIn(who: TestMember) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password },
    });
    if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.body}`);
    who.token = response.json().data.token;
    who.headers = { authorization: `Bearer ${who.token}` };
  }

  async function whisp(who: TestMember, content: string) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: who.headers,
      payload: { content },
    });
    if (response.statusCode !== 201) throw new Error(`Posting failed: ${response.body}`);
    return response.json().data.id as string;
  }

  // A week-long poll and a whisp a day ahead: nothing the jobs would write while this runs (the
  // write detector would see it beside a refused request).
  async function poll(who: TestMember) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: who.headers,
      payload: {
        content: 'which #fuzz',
        poll: { options: ['One', 'Two', 'Three'], expires_in: 604_800, multiple: true },
      },
    });
    if (response.statusCode !== 201) throw new Error(`Posting a poll failed: ${response.body}`);
    return response.json().data.poll.id as string;
  }

  async function schedule(who: TestMember) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: who.headers,
      payload: {
        content: 'later #fuzz',
        scheduled_at: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      },
    });
    if (response.statusCode !== 201) throw new Error(`Scheduling failed: ${response.body}`);
    return response.json().data.id as string;
  }

  beforeAll(async () => {
    const { app } = testApp;
    member = await registerMember(app);
    other = await registerMember(app);
    ownPostId = await whisp(member, 'mine #fuzz');
    othersPostId = await whisp(other, 'theirs #fuzz');
    othersPollId = await poll(other);
    ownPollId = await poll(member);
    scheduledId = await schedule(member);
    await app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/follow`,
      headers: other.headers,
    });
    notificationId = (
      await app.inject({ method: 'GET', url: '/api/notifications', headers: member.headers })
    ).json().data.notifications[0].id;
    conversationId = (
      await app.inject({
        method: 'POST',
        url: `/api/messages/start/${other.id}`,
        headers: member.headers,
      })
    ).json().data.id;
    mutedWordId = (
      await app.inject({
        method: 'POST',
        url: '/api/users/me/muted-words',
        headers: member.headers,
        payload: { word: 'fuzzed' },
      })
    ).json().data.id;
    // An admin, so that the moderation and admin routes are fuzzed past their 403 (everything a
    // member may do, an admin may too).
    await app.repositories.moderation.setRole(member.id, 'admin');
    reportId = await openReport();
    const mastodonApp = await app.repositories.oauthApps.create({
      clientId: 'fuzz-client',
      clientSecret: 'fuzz-secret',
      name: 'Fuzzed app',
      website: null,
      redirectUris: ['urn:ietf:wg:oauth:2.0:oob'],
      scopes: ['read', 'write', 'follow'],
    });
    const mastodonToken = 'F'.repeat(43);
    await app.repositories.oauthGrants.createMemberToken(
      mastodonApp.id,
      member.id,
      ['read', 'write', 'follow'],
      mastodonToken,
    );
    mastodonHeaders = { authorization: `Bearer ${mastodonToken}` };
    mastodonAccountIds = await Promise.all(
      [other, member].map(async (who) => {
        const found = await app.repositories.users.findProfile(member.id, { id: who.id });
        return found?.mastodon_id as string;
      }),
    );
    picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    // The member's upload through the Mastodon API: its media routes read and describe it.
    const form = multipartPayload([
      { field: 'file', filename: 'a.png', contentType: 'image/png', bytes: picture },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { ...mastodonHeaders, 'content-type': form.contentType },
      payload: form.payload,
    });
    if (uploaded.statusCode !== 200) throw new Error(`Uploading failed: ${uploaded.body}`);
    mastodonMediaId = uploaded.json().id;
    detector = await installWriteDetector(
      testApp.database,
      path.join(testApp.config.dataDir, 'media'),
    );
  });
  afterAll(() => testApp.close());

  /** An open report of the other member's whisp (a new one once the last is resolved). */
  async function openReport() {
    await testApp.app.inject({
      method: 'POST',
      url: `/api/posts/${othersPostId}/report`,
      headers: member.headers,
      payload: { reason: 'spam', details: 'fuzz' },
    });
    const queue = await testApp.app.inject({
      method: 'GET',
      url: '/api/moderation/reports',
      headers: member.headers,
    });
    const found = queue.json().data.find((entry: { post: { id: string } | null }) => {
      return entry.post?.id === othersPostId;
    });
    if (!found) throw new Error(`No open report to fuzz with: ${queue.body}`);
    return found.id as string;
  }

  // A fuzzed DELETE may remove the member's whisp: later operations get one to aim at again.
  beforeEach(async () => {
    const own = await testApp.app.inject({
      method: 'GET',
      url: `/api/posts/${ownPostId}`,
      headers: member.headers,
    });
    if (own.statusCode === 404) ownPostId = await whisp(member, 'mine again #fuzz');
    // A fuzzed cancel may remove the scheduled whisp, and a fuzzed vote use up the open poll.
    const scheduled = await testApp.app.inject({
      method: 'GET',
      url: '/api/scheduled-posts',
      headers: member.headers,
    });
    if (!scheduled.json().data.some((entry: { id: string }) => entry.id === scheduledId)) {
      scheduledId = await schedule(member);
    }
    othersPollId = await poll(other);
    // A fuzzed resolution may suspend the other member or remove their whisp: bring both back,
    // and keep an open report to aim at.
    const othersSession = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: other.headers,
    });
    if (othersSession.statusCode === 401) {
      await testApp.app.inject({
        method: 'POST',
        url: `/api/moderation/users/${other.id}/unsuspend`,
        headers: member.headers,
      });
      await signIn(other);
    }
    const theirs = await testApp.app.inject({
      method: 'GET',
      url: `/api/posts/${othersPostId}`,
      headers: member.headers,
    });
    if (theirs.statusCode === 404) othersPostId = await whisp(other, 'theirs again #fuzz');
    reportId = await openReport();
    // A fuzzed block or mute between the two members would turn every later request between
    // them into a refusal, and leave the code behind unfuzzed.
    for (const [who, whom] of [
      [member, other],
      [other, member],
    ] as const) {
      for (const action of ['unblock', 'unmute']) {
        await testApp.app.inject({
          method: 'POST',
          url: `/api/users/${whom.id}/${action}`,
          headers: who.headers,
        });
      }
    }
  });

  /** Values that name something real, so a request gets past "not found" to the code behind. */
  function realValues(operation: Operation, parameter: string): string[] {
    const byParameter: Record<string, string[]> = {
      userId: [other.id, member.id],
      username: [other.username, member.username],
      tag: ['fuzz'],
      file: [`${'0'.repeat(64)}.webp`],
    };
    if (parameter !== 'id') return byParameter[parameter] ?? ['x'];
    if (/^\/api\/v1\/(accounts|follow_requests)\//.test(operation.path)) return mastodonAccountIds;
    if (operation.path.startsWith('/api/v1/media/')) return [mastodonMediaId];
    if (operation.path.startsWith('/api/notifications')) return [notificationId];
    if (operation.path.startsWith('/api/messages/conversations')) return [conversationId];
    if (operation.path.startsWith('/api/users/me/muted-words')) return [mutedWordId];
    if (operation.path.startsWith('/api/moderation/reports')) return [reportId];
    if (operation.path.startsWith('/api/moderation/users')) return [other.id, member.id];
    if (operation.path.startsWith('/api/admin/users')) return [other.id, member.id];
    if (operation.path.startsWith('/api/polls')) return [othersPollId, ownPollId];
    if (operation.path.startsWith('/api/scheduled-posts')) return [scheduledId];
    if (operation.path.startsWith('/api/users')) return [member.id, other.id];
    return [ownPostId, othersPostId];
  }

  function hostileFormKey(fields: string[]): fc.Arbitrary<string> {
    const field = fc.constantFrom(...fields, 'k');
    return fc.oneof(
      field,
      fc
        .tuple(field, fc.constantFrom('[]', '[0]', '[a][b]', '[a][]', '[]]', '[', '[][]'))
        .map(([name, suffix]) => name + suffix),
      fc.constantFrom('__proto__[polluted]', 'constructor[prototype][polluted]', 'x'.repeat(150)),
    );
  }

  function hostileBody(operation: Operation): fc.Arbitrary<Body> {
    const file = fc.record({
      field: fc.oneof(
        fc.constantFrom('avatar', 'banner', 'media', 'file'),
        hostileString.map(wellFormed),
      ),
      filename: fc.oneof(
        fc.constantFrom('a.png', 'page.html', 'x.svg', '../../etc/passwd', ''),
        hostileString.map(wellFormed),
      ),
      contentType: fc.constantFrom(
        'image/png',
        'image/svg+xml',
        'text/html',
        'application/octet-stream',
        'video/mp4',
      ),
      bytes: fc.oneof(
        fc.constant(picture),
        fc.constant(picture.subarray(0, 40)),
        fc.constant(Buffer.alloc(0)),
        fc.constant(Buffer.concat([picture, Buffer.from('<script>alert(1)</script>')])),
        fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      ),
    });
    return fc.oneof(
      { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
      {
        arbitrary: hostileJson(operation.bodyFields).map<Body>((value) => ({
          kind: 'json',
          value,
        })),
        weight: 6,
      },
      {
        arbitrary: hostileJsonText.map<Body>((text) => ({
          kind: 'text',
          contentType: 'application/json',
          text,
        })),
        weight: 1,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant('text' as const),
          contentType: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
          ),
          text: hostileString.map(wellFormed),
        }),
        weight: 1,
      },
      {
        // Forms as Mastodon apps send them (Rails style: `key[]`, `key[sub]`), with the keys a
        // hostile one would try: prototype paths, brackets that do not close, over-long names.
        arbitrary: fc
          .array(fc.tuple(hostileFormKey(operation.bodyFields), hostileString.map(wellFormed)), {
            maxLength: 8,
          })
          .map<Body>((pairs) => ({
            kind: 'text',
            contentType: 'application/x-www-form-urlencoded',
            text: new URLSearchParams(pairs).toString(),
          })),
        weight: 1,
      },
      {
        arbitrary: fc
          .array(file, { minLength: 1, maxLength: 3 })
          .map<Body>((parts) => ({ kind: 'multipart', parts })),
        weight: 1,
      },
    );
  }

  function hostileRequest(operation: Operation): fc.Arbitrary<HostileRequest> {
    return fc.record({
      asMember: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
      pathValues: fc.tuple(
        ...operation.pathParameters.map((parameter) =>
          fc.oneof(
            { arbitrary: fc.constantFrom(...realValues(operation, parameter)), weight: 1 },
            { arbitrary: hostileSegment, weight: 1 },
          ),
        ),
      ),
      query: fc
        .option(hostileQuery({ keys: operation.queryParameters }), { freq: 3 })
        .map((query) => query ?? undefined),
      // The one documented header parameter (Last-Event-ID) and a few every server reads.
      headers: fc.dictionary(
        fc.constantFrom('last-event-id', 'x-forwarded-for', 'x-request-id', 'accept-language'),
        hostileString.map((text) => encodeURIComponent(wellFormed(text))),
        { maxKeys: 2 },
      ),
      body:
        operation.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : hostileBody(operation),
    });
  }

  /** The member's credentials for the operation's API. */
  const memberHeaders = (operation: Operation) =>
    errorDialect(operation.key) === 'mastodon' ? mastodonHeaders : member.headers;

  /** Sends the request; fails the test on a 5xx, a refusal out of shape, or a refused write. */
  async function sendChecked(operation: Operation, request: HostileRequest) {
    let index = 0;
    const filled = fillPath(operation.path, () => request.pathValues[index++] as string);
    const url = request.query === undefined ? filled : `${filled}?${request.query}`;
    const headers: Record<string, string> = {
      ...request.headers,
      ...(request.asMember ? memberHeaders(operation) : {}),
    };
    let payload: string | Buffer | undefined;
    const { body } = request;
    if (body.kind === 'json') {
      payload = JSON.stringify(body.value);
      headers['content-type'] = 'application/json';
    } else if (body.kind === 'text') {
      payload = body.text;
      headers['content-type'] = body.contentType;
    } else if (body.kind === 'multipart') {
      const multipart = multipartPayload(body.parts);
      payload = multipart.payload;
      headers['content-type'] = multipart.contentType;
    }

    const before = await detector.snapshot();
    const response = await testApp.app.inject({
      method: operation.method as Method,
      url,
      headers,
      remoteAddress: FUZZ_ADDRESS,
      ...(payload === undefined ? {} : { payload }),
      // The event stream never ends: the answer is read as a stream and dropped once it is one.
      payloadAsStream: true,
    });
    const contentType = String(response.headers['content-type'] ?? '');
    const stream = response.stream();
    const isEventStream = contentType.startsWith('text/event-stream');
    if (isEventStream) stream.destroy();
    const text = isEventStream ? '' : await readAll(stream);
    const label =
      `${operation.key} as ${request.asMember ? 'a member' : 'no one'}: ${operation.method} ` +
      `${url.slice(0, 300)} with ${JSON.stringify(body).slice(0, 300)} → ${response.statusCode} ` +
      text.slice(0, 300);

    expect(response.statusCode, label).toBeLessThan(500);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      // A provider sign-in's browser routes answer a failure by sending the browser back to the
      // app with the code (no provider is configured here, so nothing else is reachable); the
      // OAuth consent form's, with a ticket nobody was given, to the page that says it expired.
      expect(String(response.headers.location), label).toMatch(
        /\/((auth\/oidc|settings)\?error=[A-Z][A-Z0-9_]*&provider=|oauth\/authorize\/native\?error=expired$)/,
      );
      expect(await detector.changesSince(before), `${label}\nwrote:`).toEqual([]);
    } else if (response.statusCode >= 300) {
      expect(contentType, label).toMatch(/^application\/json/);
      const error = JSON.parse(text);
      // Whisp's own shape, or the Mastodon client API's and OAuth's on their routes.
      expect(isErrorBodyOf(operation.key, error), `${label}\nnot an error body of its API`).toBe(
        true,
      );
      if (error.details !== undefined) expect(Array.isArray(error.details), label).toBe(true);
      expect(text, label).not.toMatch(LEAK);
      expect(await detector.changesSince(before), `${label}\nwrote:`).toEqual([]);
    } else if (request.asMember && (await isSignedOut())) {
      // A fuzzed sign-out that worked (2xx) ended the member's session: start another.
      await signIn(member);
    }
    return response;
  }

  async function isSignedOut() {
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: member.headers,
    });
    return me.statusCode === 401;
  }

  it('finds the operations to fuzz in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(
      operations.filter((operation) => operation.bodyFields.length > 0).length,
    ).toBeGreaterThan(10);
  });

  it('sees what a request writes: rows in any table and files in the media directory', async () => {
    const before = await detector.snapshot();
    await whisp(member, 'a whisp that is written #seen');
    const form = multipartPayload([
      { field: 'avatar', filename: 'me.png', contentType: 'image/png', bytes: picture },
    ]);
    const avatar = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { ...member.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);

    const changes = await detector.changesSince(before);
    expect(changes).toContain('posts INSERT');
    expect(changes).toContain('users UPDATE');
    expect(
      changes.some((change) => /^media \+ [a-f0-9]{2}\/[a-f0-9]{64}\.webp$/.test(change)),
    ).toBe(true);
  });

  describe('random and hostile path parameters, queries, headers and bodies', () => {
    for (const operation of operations) {
      it(operation.key, async () => {
        await fc.assert(
          fc.asyncProperty(hostileRequest(operation), async (request) => {
            await sendChecked(operation, request);
          }),
          fuzzOptions,
        );
      });
    }
  });

  const bodyOperations = () => operations.filter((operation) => operation.method !== 'GET');
  const fixedRequest = (overrides: Partial<HostileRequest>, operation: Operation) => ({
    asMember: true,
    pathValues: operation.pathParameters.map(
      (parameter) => realValues(operation, parameter)[0] as string,
    ),
    query: undefined,
    headers: {},
    body: { kind: 'none' } as Body,
    ...overrides,
  });

  it('refuses a NUL character in any path parameter, query or JSON body with 400 NUL_CHARACTER', async () => {
    for (const operation of operations) {
      const checks: Partial<HostileRequest>[] = [{ query: 'q=a%00b' }];
      if (operation.pathParameters.length > 0) {
        checks.push({ pathValues: operation.pathParameters.map(() => 'a%00b') });
      }
      if (operation.method !== 'GET') {
        const field = operation.bodyFields[0] ?? 'anything';
        checks.push({ body: { kind: 'json', value: { [field]: 'a\u0000b' } } });
      }
      for (const check of checks) {
        const response = await sendChecked(operation, fixedRequest(check, operation));
        expect(response.statusCode, `${operation.key} ${JSON.stringify(check)}`).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
    }
  });

  it('refuses a body nested 100 000 deep with 400 JSON_TOO_DEEP on every operation that takes one', async () => {
    for (const operation of bodyOperations()) {
      for (const text of [
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        `{"${operation.bodyFields[0] ?? 'a'}":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}`,
      ]) {
        const response = await sendChecked(
          operation,
          fixedRequest(
            { body: { kind: 'text', contentType: 'application/json', text } },
            operation,
          ),
        );
        expect(response.statusCode, operation.key).toBe(400);
      }
    }
  });

  // Found by this file: busboy's plain errors for a form it cannot read answered 500 on uploads.
  it('never answers a form it cannot read (no boundary, cut short) with a 5xx, on any operation', async () => {
    const cutShort =
      '--x\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\nabc';
    for (const operation of bodyOperations()) {
      for (const [contentType, text] of [
        ['multipart/form-data', ''],
        ['multipart/form-data', 'x'],
        ['multipart/form-data; boundary=x', 'garbage'],
        ['multipart/form-data; boundary=x', cutShort],
      ] as const) {
        // Routes that take no body ignore one; the uploads refuse it (400 MALFORMED_FORM).
        await sendChecked(
          operation,
          fixedRequest({ body: { kind: 'text', contentType, text } }, operation),
        );
      }
    }
  });

  it('still takes a body nested as deep as a real client sends', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: member.headers,
      payload: {
        category: 'bug',
        priority: 'low',
        subject: 'Deep but fine',
        description: 'System information nested a few levels, as a browser reports it.',
        include_system_info: true,
        system_info: { browser: nested(20, 'object', 'Firefox') },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses prototype-polluting keys on every operation that takes a body, and pollutes nothing', async () => {
    for (const operation of bodyOperations()) {
      for (const text of [
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
      ]) {
        const response = await sendChecked(
          operation,
          fixedRequest(
            { body: { kind: 'text', contentType: 'application/json', text } },
            operation,
          ),
        );
        expect(response.statusCode, operation.key).toBe(400);
      }
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

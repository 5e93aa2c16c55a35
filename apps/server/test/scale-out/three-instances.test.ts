import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.mjs';
import { makeTempDir } from '../helpers.js';
import { multipartFile } from '../multipart.js';
import { type OpenStream, openEventStream } from '../routes/events/sse.js';
import {
  connectTestRedis,
  createSharedPostgres,
  deleteRedisKeys,
  type SharedPostgres,
  testRedisUrl,
} from './services.js';

// Small enough that no single instance could reach it alone in the test below: each of the
// three sees only a third of the requests.
const REQUESTS_PER_MEMBER = 9;

interface Member {
  id: string;
  email: string;
  token: string;
}

/** One of the three, named in assertion messages. */
type Instance = ServerProcess & { name: string };

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  return Object.assign(await startServerProcess({ env }), { name });
}

// Three processes behind one imaginary load balancer. Nothing joins them but what production
// shares: one PostgreSQL (DATABASE_URL, or a database of this test on the local server), one
// Redis (REDIS_URL, under a key prefix of this run alone) and one media directory.
describe('three server instances on one PostgreSQL, one Redis and one media directory', () => {
  const redisKeyPrefix = `whisp-test-${randomBytes(6).toString('hex')}:`;
  const mediaDir = makeTempDir('shared-media');
  const dataDirs: string[] = [];
  const streams: OpenStream[] = [];
  let postgres: SharedPostgres | undefined;
  let redis: Redis | undefined;
  let instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  let c: Instance;

  // Three cold Node processes migrating one database at once: slow on a loaded 2-core machine.
  beforeAll(async () => {
    redis = await connectTestRedis();
    postgres = await createSharedPostgres();
    const shared = postgres;
    instances = await Promise.all(
      ['A', 'B', 'C'].map((name) => {
        const dataDir = makeTempDir(`instance-${name}`);
        dataDirs.push(dataDir);
        return startInstance(name, {
          WHISP_DATA_DIR: dataDir,
          WHISP_MEDIA_DIR: mediaDir,
          DATABASE_URL: shared.url,
          REDIS_URL: testRedisUrl,
          WHISP_REDIS_PREFIX: redisKeyPrefix,
          WHISP_RATE_LIMIT_REQUESTS: `${REQUESTS_PER_MEMBER}/5m`,
        });
      }),
    );
    [a, b, c] = instances as [Instance, Instance, Instance];
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await postgres?.drop();
    if (redis) await deleteRedisKeys(redis, redisKeyPrefix);
    redis?.disconnect();
    for (const dir of [mediaDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  async function call(
    instance: Instance,
    method: string,
    url: string,
    {
      token,
      json,
      form,
    }: { token?: string; json?: unknown; form?: ReturnType<typeof multipartFile> } = {},
  ) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let body: RequestInit['body'];
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      Object.assign(headers, form.headers);
      body = form.payload;
    }
    const response = await fetch(`${instance.url}${url}`, { method, headers, body });
    // Parsed as the tests through app.inject read bodies: loosely, each test checks its fields.
    const parsed: ReturnType<typeof JSON.parse> = await response.json();
    return { status: response.status, headers: response.headers, body: parsed };
  }

  let registered = 0;
  async function register(instance: Instance): Promise<Member> {
    registered += 1;
    const name = `scale_${randomBytes(4).toString('hex')}_${registered}`;
    const response = await call(instance, 'POST', '/api/auth/register', {
      json: {
        email: `${name}@example.com`,
        password: 'correct horse battery',
        username: name,
        display_name: `Scale ${registered}`,
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return {
      id: response.body.data.user.id,
      email: `${name}@example.com`,
      token: response.body.data.token,
    };
  }

  const me = (instance: Instance, token: string) =>
    call(instance, 'GET', '/api/users/me', { token });

  it('keeps a session made on A valid on B and C, and a logout on B ends it on all three', async () => {
    const member = await register(a);
    const login = await call(a, 'POST', '/api/auth/login', {
      json: { email: member.email, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    const token: string = login.body.data.token;

    for (const instance of [b, c]) {
      const response = await me(instance, token);
      expect(response.status, `GET /api/users/me on ${instance.name}`).toBe(200);
      expect(response.body.data.id).toBe(member.id);
    }

    expect((await call(b, 'POST', '/api/auth/logout', { token })).status).toBe(200);

    for (const instance of [a, b, c]) {
      const response = await me(instance, token);
      expect(response.status, `GET /api/users/me on ${instance.name}`).toBe(401);
      expect(response.body).toMatchObject({ success: false, code: expect.any(String) });
    }
    // The member's other session, from sign-up, is untouched.
    expect((await me(c, member.token)).status).toBe(200);
  });

  it(`shares the per-member limit: ${REQUESTS_PER_MEMBER} requests spread over A, B and C, then 429 on each`, async () => {
    const member = await register(a);

    for (let request = 0; request < REQUESTS_PER_MEMBER; request += 1) {
      const instance = instances[request % instances.length] as Instance;
      const response = await me(instance, member.token);
      expect(response.status, `request ${request + 1} on ${instance.name}`).toBe(200);
    }
    for (const instance of instances) {
      const response = await me(instance, member.token);
      expect(response.status, `the next request on ${instance.name}`).toBe(429);
      expect(response.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // One count for all three, refused requests included, kept in Redis under this run's prefix.
    expect(await redis?.get(`${redisKeyPrefix}rate-limit:requests:${member.id}`)).toBe(
      String(REQUESTS_PER_MEMBER + instances.length),
    );
  });

  it('delivers a message sent through B to an event stream open on C (LISTEN/NOTIFY)', async () => {
    const sender = await register(a);
    const recipient = await register(a);
    const stream = await openEventStream(
      `${c.url}/api/events?token=${encodeURIComponent(recipient.token)}`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((item) => item.event === 'unread', 20_000);

    const sent = await call(b, 'POST', '/api/messages', {
      token: sender.token,
      json: { recipient_id: recipient.id, content: 'Across instances' },
    });
    expect(sent.status).toBe(201);

    // Generous for a loaded machine: the claim is that it arrives at all, through PostgreSQL.
    const message = await stream.next((item) => item.event === 'message', 20_000);
    expect(message.data).toMatchObject({
      id: sent.body.data.id,
      content: 'Across instances',
      sender_id: sender.id,
    });
  });

  it('serves an avatar uploaded through A from B and C, out of the shared media directory', async () => {
    const member = await register(a);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    const uploaded = await call(a, 'POST', '/api/users/avatar', {
      token: member.token,
      form: multipartFile('avatar', 'me.png', 'image/png', png),
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url: string = uploaded.body.user.profile_picture_url;
    const key = url.slice('/media/'.length);
    const stored = readFileSync(path.join(mediaDir, key.slice(0, 2), key));

    for (const instance of [b, c]) {
      const served = await fetch(`${instance.url}${url}`);
      expect(served.status, `${url} on ${instance.name}`).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    }
    expect((await me(b, member.token)).body.data.profile_picture_url).toBe(url);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMember } from '../../src/account-data/deletion.js';
import { type App, buildApp } from '../../src/app.js';
import { mediaDirectory } from '../../src/config.js';
import { describeDrifts, reconcile } from '../../src/db/reconcile.js';
import { createInProcessBus } from '../../src/events/bus.js';
import { createTestApp, openMigratedTestDatabase, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';

// What only the server can show about deleting an account: the files on disk, a crash between
// the commit and the files, the consistency of every counter afterwards.

async function picture(seed: number) {
  return sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: seed, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
}

async function upload(testApp: TestApp, member: TestMember, bytes: Buffer) {
  const form = multipartFile('media', 'p.png', 'image/png', bytes);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/posts/media',
    headers: { ...member.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json().media_urls[0] as string;
  await testApp.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: member.headers,
    payload: { content: 'With a picture', media_urls: [url] },
  });
  return url.split('/').pop() as string;
}

const fileOf = (mediaDir: string, key: string) => path.join(mediaDir, key.slice(0, 2), key);

async function deleteAccount(testApp: TestApp, member: TestMember) {
  const response = await testApp.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: member.headers,
    payload: { password: member.password },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('deleting an account', () => {
  let testApp: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    mediaDir = mediaDirectory(testApp.config);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('removes the member’s files from disk, but not a file another member also uses', async () => {
    const ada = await registerMember(testApp.app);
    const ben = await registerMember(testApp.app);
    const own = await upload(testApp, ada, await picture(1));
    const shared = await upload(testApp, ada, await picture(2));
    // The same bytes, uploaded by Ben too: one file under one key.
    expect(await upload(testApp, ben, await picture(2))).toBe(shared);
    expect(existsSync(fileOf(mediaDir, own))).toBe(true);

    await deleteAccount(testApp, ada);
    expect(existsSync(fileOf(mediaDir, own))).toBe(false);
    expect(existsSync(fileOf(mediaDir, shared))).toBe(true);
    const { rows } = await sql`select key from media_removals`.execute(testApp.database.kysely);
    expect(rows).toEqual([]);
  });

  it('leaves every counter equal to its rows (reconcile finds nothing)', async () => {
    const ada = await registerMember(testApp.app);
    const ben = await registerMember(testApp.app);
    const call = (member: TestMember, method: 'POST' | 'GET', url: string, payload?: object) =>
      testApp.app.inject({ method, url, headers: member.headers, payload });
    const benPost = (await call(ben, 'POST', '/api/posts', { content: 'Ben #news' })).json().data;
    const adaPost = (
      await call(ada, 'POST', '/api/posts', { content: `Ada #news @${ben.username}` })
    ).json().data;
    await call(ada, 'POST', `/api/posts/${benPost.id}/like`);
    await call(ada, 'POST', `/api/posts/${benPost.id}/rewhisp`);
    await call(ada, 'POST', `/api/posts/${benPost.id}/reply`, { content: 'Ada replies' });
    await call(ben, 'POST', `/api/posts/${adaPost.id}/like`);
    await call(ben, 'POST', `/api/posts/${adaPost.id}/reply`, { content: 'Ben replies' });
    await call(ada, 'POST', `/api/users/${ben.id}/follow`);
    await call(ben, 'POST', `/api/users/${ada.id}/follow`);
    await call(ada, 'POST', `/api/users/${ben.id}/block`);
    await call(ada, 'POST', '/api/messages', { recipient_id: ben.id, content: 'hi' });

    await deleteAccount(testApp, ada);
    const drifts = await reconcile(testApp.database);
    expect(drifts, describeDrifts(drifts)).toEqual([]);
  });
});

describe('a crash between the deletion’s commit and its files', () => {
  it('leaves the files recorded, and the next start removes them', async () => {
    const testDatabase = await openMigratedTestDatabase();
    const { config, database } = testDatabase;
    const mediaDir = mediaDirectory(config);
    try {
      const first = await buildApp({ config, database });
      const ada = await registerMember(first);
      const key = await upload(
        { app: first, database, config, close: async () => {} },
        ada,
        await picture(3),
      );
      await first.close();

      // The transaction alone, as if the process died right after its commit.
      await deleteMember(database.kysely, ada.id);
      expect(existsSync(fileOf(mediaDir, key))).toBe(true);
      const pending = await sql`select key from media_removals`.execute(database.kysely);
      expect(pending.rows).toEqual([{ key }]);

      const restarted = await buildApp({ config, database });
      await restarted.ready();
      await expect.poll(() => existsSync(fileOf(mediaDir, key)), { timeout: 5_000 }).toBe(false);
      await expect
        .poll(async () => (await sql`select key from media_removals`.execute(database.kysely)).rows)
        .toEqual([]);
      await restarted.close();
    } finally {
      await testDatabase.destroy();
    }
  });
});

// Two instances behind a load balancer, sharing one database and one live event bus.
describe('deleting an account on one instance', () => {
  it('ends its sessions on the other at once, though that one had the sign-in cached', async () => {
    const testDatabase = await openMigratedTestDatabase();
    const bus = createInProcessBus();
    const build = () =>
      buildApp({
        config: testDatabase.config,
        database: testDatabase.database,
        liveEvents: { bus },
      });
    const apps: App[] = [await build(), await build()];
    const [a, b] = apps as [App, App];
    try {
      const ada = await registerMember(a);
      const me = (app: App) =>
        app.inject({ method: 'GET', url: '/api/users/me', headers: ada.headers });
      expect((await me(b)).statusCode).toBe(200);
      expect(b.sessionCache.size).toBeGreaterThan(0);

      const deleted = await a.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: ada.headers,
        payload: { password: ada.password },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await me(b)).statusCode).toBe(401);
      expect((await me(a)).statusCode).toBe(401);
    } finally {
      for (const app of apps) await app.close();
      await testDatabase.destroy();
    }
  });
});

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDirectory } from '../../src/config.js';
import { describeDrifts, reconcile } from '../../src/db/reconcile.js';
import { unzip } from '../contract/archive.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';

// What only the server can show about export and import: the zip leaves as a stream, pages of
// rows cover every whisp (even thousands written in the same microsecond), and an import that
// fails at its commit leaves neither rows nor files.

describe('account export and import on the server', () => {
  let testApp: TestApp;
  const db = () => testApp.database.kysely;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const exportOf = async (member: TestMember) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const importInto = (member: TestMember, archive: Buffer) => {
    const form = multipartFile('archive', 'export.zip', 'application/zip', archive);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/users/me/import',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('streams the zip (no Content-Length) and pages through every whisp', async () => {
    const ada = await registerMember(testApp.app);
    // One statement: every row has the same created_at, so only the id orders them.
    await sql`
      insert into posts (author_id, content)
      select ${ada.id}::uuid, 'Whisp number ' || n from generate_series(1, 1234) as n
    `.execute(db());
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/users/me/export`, { headers: ada.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    // fetch asks for gzip and br: a zip is sent as it is, never compressed twice.
    expect(response.headers.get('content-encoding')).toBeNull();
    const entries = await unzip(new Uint8Array(await response.arrayBuffer()));
    const whisps = JSON.parse(entries.get('whisps.json')?.toString('utf8') ?? '[]');
    expect(whisps).toHaveLength(1234);
    expect(new Set(whisps.map((w: { id: string }) => w.id)).size).toBe(1234);
  });

  it('imports mutes of members here, skips members on either side of a block, stays consistent', async () => {
    const ada = await registerMember(testApp.app);
    const ben = await registerMember(testApp.app);
    const dan = await registerMember(testApp.app);
    const cleo = await registerMember(testApp.app);
    for (const other of [ben, dan]) {
      await testApp.app.inject({
        method: 'POST',
        url: `/api/users/${other.id}/mute`,
        headers: ada.headers,
      });
      await testApp.app.inject({
        method: 'POST',
        url: `/api/users/${other.id}/follow`,
        headers: ada.headers,
      });
    }
    await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${cleo.id}/block`,
      headers: dan.headers,
    });

    const response = await importInto(cleo, await exportOf(ada));
    expect(response.json()).toEqual({
      success: true,
      data: { whisps: 0, media: 0, follows: 1, skipped: 2 },
    });
    const { rows } = await sql<{ muted_id: string }>`
      select muted_id from mutes where muter_id = ${cleo.id}
    `.execute(db());
    expect(rows.map((row) => row.muted_id)).toEqual([ben.id]);
    const drifts = await reconcile(testApp.database);
    expect(drifts, describeDrifts(drifts)).toEqual([]);
  });

  it('adds each whisp once when the same archive is imported twice at the same moment', async () => {
    const ada = await registerMember(testApp.app);
    await sql`
      insert into posts (author_id, content, created_at)
      select ${ada.id}::uuid, 'Twice at once ' || n, now() - n * interval '1 minute'
      from generate_series(1, 50) as n
    `.execute(db());
    const archive = await exportOf(ada);
    const cleo = await registerMember(testApp.app);
    const answers = await Promise.all([importInto(cleo, archive), importInto(cleo, archive)]);
    const added = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.whisps as number;
    });
    expect(added.sort()).toEqual([0, 50]);
    const { rows } = await sql<{ posts: number }>`
      select count(*)::int as posts from posts where author_id = ${cleo.id}
    `.execute(db());
    expect(rows).toEqual([{ posts: 50 }]);
  });

  it('leaves no row and no new file when the commit fails', async () => {
    const ada = await registerMember(testApp.app);
    const picture = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#3a7c2d' },
    })
      .png()
      .toBuffer();
    const form = multipartFile('media', 'p.png', 'image/png', picture);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts/media',
      headers: { ...ada.headers, ...form.headers },
      payload: form.payload,
    });
    const url = uploaded.json().media_urls[0] as string;
    await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: ada.headers,
      payload: { content: 'explode at commit', media_urls: [url] },
    });
    const archive = await exportOf(ada);
    // Ada's file goes, so the import is the one that must bring it back (and take it away again).
    const key = url.split('/').pop() as string;
    const mediaDir = mediaDirectory(testApp.config);
    const target = path.join(mediaDir, key.slice(0, 2), key);
    await testApp.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: ada.headers,
      payload: { password: ada.password },
    });
    expect(existsSync(target)).toBe(false);

    // A check PostgreSQL makes only at commit, after the files have been moved in.
    await sql`
      create function refuse_explosions() returns trigger language plpgsql as $$
      begin
        if new.content like 'explode%' then raise exception 'refused at commit'; end if;
        return null;
      end;
      $$
    `.execute(db());
    await sql`
      create constraint trigger refuse_explosions after insert on posts
      deferrable initially deferred for each row execute function refuse_explosions()
    `.execute(db());
    try {
      const cleo = await registerMember(testApp.app);
      const response = await importInto(cleo, archive);
      expect(response.statusCode).toBe(500);
      const { rows } = await sql`
        select (select count(*) from posts where author_id = ${cleo.id})::int as posts,
               (select count(*) from imported_posts where user_id = ${cleo.id})::int as imports,
               (select count(*) from post_media where user_id = ${cleo.id})::int as media
      `.execute(db());
      expect(rows).toEqual([{ posts: 0, imports: 0, media: 0 }]);
      expect(existsSync(target)).toBe(false);
      // Nothing left in the temporary folder either.
      expect(readdirSync(path.join(mediaDir, 'tmp'))).toEqual([]);
    } finally {
      await sql`drop trigger refuse_explosions on posts`.execute(db());
      await sql`drop function refuse_explosions()`.execute(db());
    }
  });
});

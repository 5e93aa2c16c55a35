import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDirectory } from '../../../src/config.js';
import { createTestApp, type TestApp } from '../../helpers.js';

describe('GET /media/{file}', () => {
  let testApp: TestApp;
  // 300 kB: more than one read of the file stream, so a range really starts and ends mid-file.
  const video = randomBytes(300_000);
  const key = `${createHash('sha256').update(video).digest('hex')}.mp4`;
  const url = `/media/${key}`;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.mediaStorage.put(key, video);
    // Reading the whole file into memory is what this route must never do.
    testApp.app.mediaStorage.get = () => {
      throw new Error('the media route read a whole file');
    };
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (headers: Record<string, string> = {}, target = url) =>
    testApp.app.inject({ method: 'GET', url: target, headers });

  it('streams the whole file with its type, a long immutable cache, an ETag and byte ranges on offer', async () => {
    const response = await get();

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(video)).toBe(true);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-length']).toBe(String(video.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers a range from the start with 206 and its first bytes', async () => {
    const response = await get({ range: 'bytes=0-9' });

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-9/${video.length}`);
    expect(response.headers['content-length']).toBe('10');
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.rawPayload.equals(video.subarray(0, 10))).toBe(true);
  });

  it('answers a range in the middle, as a player seeking does', async () => {
    const response = await get({ range: 'bytes=150000-200000' });

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 150000-200000/${video.length}`);
    expect(response.rawPayload.equals(video.subarray(150_000, 200_001))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const response = await get({ range: 'bytes=-10' });

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(
      `bytes ${video.length - 10}-${video.length - 1}/${video.length}`,
    );
    expect(response.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
  });

  it('refuses a range that starts past the end with 416, the file size and the error shape', async () => {
    const response = await get({ range: `bytes=${video.length}-` });

    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(response.json()).toEqual({
      success: false,
      code: 'RANGE_NOT_SATISFIABLE',
      message: 'The requested range is outside the file',
    });
  });

  it('answers 304 without a body when the ETag it gave still matches', async () => {
    const { etag } = (await get()).headers;

    const response = await get({ 'if-none-match': String(etag) });

    expect(response.statusCode).toBe(304);
    expect(response.rawPayload).toHaveLength(0);
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file again when the ETag does not match', async () => {
    const response = await get({ 'if-none-match': '"something-else"' });

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(video)).toBe(true);
  });

  it('answers a well-formed name that was never stored with a 404 in the error shape', async () => {
    const response = await get({}, `/media/${'0'.repeat(64)}.webp`);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('never serves a path outside the stored media, however it is spelled', async () => {
    // A file beside the media that a careless route could reach.
    const mediaDir = mediaDirectory(testApp.config);
    writeFileSync(path.join(mediaDir, 'secret.txt'), 'not media');

    for (const target of [
      '/media/secret.txt',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2fsecret.txt',
      `/media/..%2F${key.slice(0, 2)}%2F${key}`,
      `/media/${key.slice(0, 2)}%2F${key}`,
      `/media/${key.toUpperCase()}`,
    ]) {
      const response = await get({}, target);
      expect(response.statusCode, target).toBe(404);
      expect(response.json().code, target).toBe('NOT_FOUND');
    }
    // A NUL in a path is refused before any route sees it (plugins/nul-character.ts).
    const withNul = await get({}, `/media/${key}%00.txt`);
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().success).toBe(false);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { openEventStream } from '../routes/events/sse.js';

describe('compressed answers', () => {
  let testApp: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    member = await registerMember(testApp.app);
    // A feed large enough to be worth compressing.
    for (let index = 0; index < 20; index += 1) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: member.headers,
        payload: { content: `Whisp number ${index}, long enough to add up to a few kilobytes` },
      });
    }
  });
  afterAll(() => testApp.close());

  const feed = (acceptEncoding?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/posts/public?limit=20',
      headers: {
        ...member.headers,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  it('sends JSON as gzip to a browser, brotli to a client that takes only that, the same JSON once decoded', async () => {
    const plain = await feed();
    const browser = await feed('gzip, deflate, br, zstd');
    const brotli = await feed('br');

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(browser.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('leaves answers under 1 kB as they are', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...member.headers, 'accept-encoding': 'gzip' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().success).toBe(true);
  });

  it('never compresses a range of a media file', async () => {
    const bytes = randomBytes(50_000);
    const key = `${createHash('sha256').update(bytes).digest('hex')}.mp4`;
    await testApp.app.mediaStorage.put(key, bytes);

    const response = await testApp.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { 'accept-encoding': 'gzip, br', range: 'bytes=0-2047' },
    });

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(bytes.subarray(0, 2048))).toBe(true);
  });

  it('streams live events uncompressed, each as it happens', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;

    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, {
      ...member.headers,
      'accept-encoding': 'gzip, deflate, br',
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      // The first event arrives on its own: nothing holds it back in a compressor's buffer.
      await stream.next((item) => item.event === 'unread');
    } finally {
      stream.close();
    }
  });
});

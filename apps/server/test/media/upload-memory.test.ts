import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { POST_VIDEO_MAX_BYTES } from '@whisp/api-client/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.mjs';
import { makeTempDir } from '../helpers.js';

// A 40 MB video goes through the server to disk without being held in memory, measured on a real
// server process by its resident memory (/proc/<pid>/status), sampled while the upload arrives in
// pieces: the largest rise above the lowest level seen before it. A garbage collection may free
// hundreds of megabytes in the middle of an upload, so a peak compared with the level before it
// would hide the upload; a rise from the running low does not. Holding the upload whole (busboy's
// chunks, then their concatenation) rose by 36 to 40 MB in three tries on a busy 2-core machine;
// streaming it to a temporary file, by 1 to 2 MB. A heap limit (--max-old-space-size) would prove nothing: Buffers live
// outside the V8 heap.

const MB = 1024 * 1024;
const VIDEO_BYTES = POST_VIDEO_MAX_BYTES - MB;

/** A WebM as far as its first bytes tell (the server stores videos as sent), then filler. */
function webmOf(size: number) {
  const video = Buffer.alloc(size, 0x5a);
  const header = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from('webm', 'latin1'),
  ]);
  header.copy(video);
  return video;
}

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----whisp-memory-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** VmRSS of /proc/<pid>/status in bytes: what the process holds in memory now. */
function residentBytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

/** Samples the resident size every few milliseconds until stopped; the largest rise seen. */
function watchRise(pid: number) {
  let low = residentBytes(pid);
  let rise = 0;
  const sample = () => {
    const now = residentBytes(pid);
    low = Math.min(low, now);
    rise = Math.max(rise, now - low);
  };
  const timer = setInterval(sample, 3);
  return () => {
    clearInterval(timer);
    sample();
    return rise;
  };
}

/** POSTs the body in 1 MB pieces, a few milliseconds apart, as a slow connection delivers it. */
function sendInPieces(url: string, headers: Record<string, string>, body: Buffer) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    (async () => {
      for (let at = 0; at < body.length; at += MB) {
        if (!outgoing.write(body.subarray(at, at + MB))) await once(outgoing, 'drain');
        await new Promise((wait) => setTimeout(wait, 5));
      }
      outgoing.end();
    })().catch(reject);
  });
}

describe('uploading a large video', () => {
  const dataDir = makeTempDir('upload-memory');
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    server = await startServerProcess({
      env: {
        WHISP_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Memory freed and kept by the allocator would take new allocations unseen: sign-up's
        // password hash (19 MiB by default) leaves no such block behind.
        WHISP_PASSWORD_HASH_MEMORY: '1',
      },
    });
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'reel@example.com',
        password: 'correct horse battery',
        username: 'reel',
        display_name: 'Reel',
      }),
    });
    expect(registered.status).toBe(201);
    token = ((await registered.json()) as { data: { token: string } }).data.token;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (form: ReturnType<typeof multipart>) =>
    fetch(`${server.url}/api/posts/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      body: form.body,
    });

  it('stores a 40 MB video while the server’s resident memory rises far less than the file', async () => {
    // The route's code and the database's statements warmed up by a small upload first.
    const warmUp = await upload(multipart('media', 'warm.webm', 'video/webm', webmOf(2 * MB)));
    expect(warmUp.status).toBe(200);
    const video = webmOf(VIDEO_BYTES);
    const form = multipart('media', 'trip.webm', 'video/webm', video);

    const stopWatching = watchRise(server.pid);
    const answer = await sendInPieces(
      `${server.url}/api/posts/media`,
      { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      form.body,
    );
    const rise = stopWatching();

    expect(answer.status, answer.text).toBe(200);
    const { media_urls } = JSON.parse(answer.text);
    const key = createHash('sha256').update(video).digest('hex');
    expect(media_urls).toEqual([`/media/${key}.webm`]);
    const stored = path.join(dataDir, 'media', key.slice(0, 2), `${key}.webm`);
    expect(statSync(stored).size).toBe(VIDEO_BYTES);
    // Held whole, the upload raised it by about the file's size.
    expect(rise, `resident memory rose by ${(rise / MB).toFixed(1)} MB`).toBeLessThan(
      VIDEO_BYTES / 2,
    );
    const temporary = path.join(dataDir, 'media', 'tmp');
    expect(existsSync(temporary) ? readdirSync(temporary) : []).toEqual([]);
  }, 180_000);
});

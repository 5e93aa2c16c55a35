import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { POST_VIDEO_MAX_BYTES } from '@whisp/api-client/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.mjs';
import { makeTempDir } from '../helpers.js';

// A 40 MB video goes through the server to disk without being held in memory, measured on a real
// server process: with most of the upload sent and the rest held back, a full garbage collection
// in the server (memory-probe.mjs, on SIGUSR2) and the bytes of ArrayBuffers still alive there.
// Held whole (busboy's chunks kept for a concatenation), 38 MB of them were alive at that moment;
// streamed to a temporary file, 7 MB at most (the embedded database's memory is an ArrayBuffer
// too, and grows a little as it works). Resident memory would not tell the two
// apart reliably (garbage waits for a collection, freed memory is reused unseen), and a heap
// limit (--max-old-space-size) not at all: Buffers live outside the V8 heap.

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

/** Collects garbage in the server and answers the bytes of its ArrayBuffers still alive. */
async function liveArrayBuffers(server: ServerProcess) {
  const line = new Promise<string>((resolve) => {
    const stop = server.onLine((text) => {
      if (!text.includes('"memoryProbe"')) return;
      stop();
      resolve(text);
    });
  });
  server.kill('SIGUSR2');
  const { memoryProbe } = JSON.parse(await line) as { memoryProbe: { arrayBuffers: number } };
  return memoryProbe.arrayBuffers;
}

/**
 * POSTs the body in 1 MB pieces and stops `heldBack` bytes before its end until `release` is
 * called, as a slow connection would deliver it.
 */
function sendInPieces(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  heldBack: number,
) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markHolding: () => void = () => {};
  const holding = new Promise<void>((resolve) => {
    markHolding = resolve;
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
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
      const pause = body.length - heldBack;
      for (let at = 0; at < pause; at += MB) {
        if (!outgoing.write(body.subarray(at, Math.min(at + MB, pause)))) {
          await once(outgoing, 'drain');
        }
      }
      markHolding();
      await released;
      outgoing.end(body.subarray(pause));
    })().catch(reject);
  });
  return { holding, release, answer };
}

describe('uploading a large video', () => {
  const dataDir = makeTempDir('upload-memory');
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    server = await startServerProcess({
      nodeArgs: [
        '--expose-gc',
        '--import',
        fileURLToPath(new URL('./memory-probe.mjs', import.meta.url)),
      ],
      env: {
        WHISP_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
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

  it('stores a 40 MB video without holding it: far less than the file alive at a time', async () => {
    // The route's code and the database's statements warmed up by a small upload first.
    const warmUp = await upload(multipart('media', 'warm.webm', 'video/webm', webmOf(2 * MB)));
    expect(warmUp.status).toBe(200);
    const video = webmOf(VIDEO_BYTES);
    const form = multipart('media', 'trip.webm', 'video/webm', video);

    const before = await liveArrayBuffers(server);
    const slow = sendInPieces(
      `${server.url}/api/posts/media`,
      { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      form.body,
      MB,
    );
    await slow.holding;
    // The server reads what was sent while the rest is held back; the largest of a few probes
    // is the one taken after it has read the most.
    let alive = 0;
    for (let probe = 0; probe < 5; probe += 1) {
      await new Promise((wait) => setTimeout(wait, 300));
      alive = Math.max(alive, (await liveArrayBuffers(server)) - before);
    }
    slow.release();
    const answer = await slow.answer;

    expect(answer.status, answer.text).toBe(200);
    const { media_urls } = JSON.parse(answer.text);
    const key = createHash('sha256').update(video).digest('hex');
    expect(media_urls).toEqual([`/media/${key}.webm`]);
    const stored = path.join(dataDir, 'media', key.slice(0, 2), `${key}.webm`);
    expect(statSync(stored).size).toBe(VIDEO_BYTES);
    // Held whole, 38 MB of the upload were alive at the probe.
    expect(alive, `${(alive / MB).toFixed(1)} MB of ArrayBuffers alive`).toBeLessThan(
      VIDEO_BYTES / 2,
    );
    const temporary = path.join(dataDir, 'media', 'tmp');
    expect(existsSync(temporary) ? readdirSync(temporary) : []).toEqual([]);
  }, 180_000);

  it('keeps no half-written file when the uploader goes away mid-upload', async () => {
    const temporary = path.join(dataDir, 'media', 'tmp');
    const form = multipart('media', 'cut.webm', 'video/webm', webmOf(20 * MB));
    const outgoing = request(`${server.url}/api/posts/media`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': form.contentType,
        'content-length': String(form.body.length),
      },
    });
    outgoing.on('error', () => {});
    outgoing.write(form.body.subarray(0, 8 * MB));
    // The server is writing it to a temporary file by now.
    await expect
      .poll(() => (existsSync(temporary) ? readdirSync(temporary).length : 0), { timeout: 30_000 })
      .toBe(1);
    outgoing.destroy();
    await expect.poll(() => readdirSync(temporary), { timeout: 30_000 }).toEqual([]);
    const stored = readdirSync(path.join(dataDir, 'media')).filter((name) => name !== 'tmp');
    const files = stored.flatMap((folder) => readdirSync(path.join(dataDir, 'media', folder)));
    expect(files.filter((name) => !name.endsWith('.webm') || name.includes('partial'))).toEqual([]);
  }, 120_000);
});

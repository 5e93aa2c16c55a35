import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.mjs';
import { archivedWhisp, manifest, zipOf } from '../contract/archive.js';
import { makeTempDir } from '../helpers.js';
import { multipartFile } from '../multipart.js';

// An archive's whisps.json nested a million levels deep is 2 MB of brackets, a few kilobytes
// zipped. Parsed before it was refused, each cost tens of megabytes while the parser built its
// levels. Refused as it inflates, it costs next to nothing.
// Measured on a real server process (memory-probe.mjs): the highest resident memory it reached,
// before and after ten such imports at once.

const MB = 1024 * 1024;
const DEPTH = 1_000_000;
const AT_ONCE = 10;

interface MemoryProbe {
  peakResident: number;
  rss: number;
}

/** Collects garbage in the server and answers its memory, with its peak so far. */
async function probe(server: ServerProcess) {
  const line = new Promise<string>((resolve) => {
    const stop = server.onLine((text) => {
      if (!text.includes('"memoryProbe"')) return;
      stop();
      resolve(text);
    });
  });
  server.kill('SIGUSR2');
  return (JSON.parse(await line) as { memoryProbe: MemoryProbe }).memoryProbe;
}

describe('importing archives of deeply nested JSON', () => {
  const dataDir = makeTempDir('deep-json-memory');
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    server = await startServerProcess({
      nodeArgs: [
        '--expose-gc',
        '--import',
        fileURLToPath(new URL('../media/memory-probe.mjs', import.meta.url)),
      ],
      env: { WHISP_DATA_DIR: dataDir, LOG_LEVEL: 'warn', WHISP_PASSWORD_HASH_MEMORY: '1' },
    });
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'nested@example.com',
        password: 'correct horse battery',
        username: 'nested',
        display_name: 'Nested',
      }),
    });
    expect(registered.status).toBe(201);
    token = ((await registered.json()) as { data: { token: string } }).data.token;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const importArchive = (bytes: Uint8Array) => {
    const form = multipartFile(
      'archive',
      'whisp-export.zip',
      'application/zip',
      Buffer.from(bytes),
    );
    return fetch(`${server.url}/api/users/me/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      body: form.payload,
    });
  };

  it(`refuses ${AT_ONCE} at once with ARCHIVE_INVALID, the server's peak memory barely moving`, async () => {
    // The import's code and statements warmed up by a genuine archive first.
    const genuine = await zipOf({
      'manifest.json': manifest('warm-up'),
      'whisps.json': JSON.stringify([archivedWhisp('old-1', 'Warming up')]),
    });
    expect((await importArchive(genuine)).status).toBe(200);
    const deep = await zipOf({
      'manifest.json': manifest('deep'),
      'whisps.json': `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
    });

    const before = await probe(server);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        const response = await importArchive(deep);
        return { status: response.status, body: await response.json() };
      }),
    );
    const after = await probe(server);

    for (const answer of answers) {
      expect(answer).toEqual({
        status: 400,
        body: {
          success: false,
          code: 'ARCHIVE_INVALID',
          message: 'This file is not a Whisp export, or it is damaged. Nothing was imported.',
        },
      });
    }
    const growth = after.peakResident - before.peakResident;
    // Parsed before refused, ten took the peak from 480 to 1,011 MB on this test's machine
    // (November 2026); refused as they inflate, it moved by under 1 MB.
    expect(growth, `peak resident memory grew by ${(growth / MB).toFixed(1)} MB`).toBeLessThan(
      40 * MB,
    );
  }, 180_000);
});

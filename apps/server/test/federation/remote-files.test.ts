import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { POST_IMAGE_MAX_BYTES } from '@whisp/api-client/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postMediaMaxBytes } from '../../src/media/post-media-files.js';
import {
  type AddressPolicy,
  addressPolicy,
  downloadToFile,
  RemoteFileRefused,
} from '../../src/media/remote-files.js';
import { makeTempDir } from '../helpers.js';
import { type FileOrigin, serveBytes, serveStream, startFileOrigin } from './file-origin.js';

// The download every remote file goes through (a whisp's attachments, a member's avatar and
// banner), against real HTTP servers on loopback. Federation tests run both Whisp servers on
// loopback, so they must allow private addresses; refusing them is proven here, through the
// policy the server builds from WHISP_FEDERATION_ALLOW_PRIVATE.
describe('downloading a remote file', () => {
  let origin: FileOrigin;
  let elsewhere: FileOrigin;
  let picture: Buffer;
  let streamed: ReturnType<typeof serveStream>;
  const directory = makeTempDir('remote-files');
  let count = 0;
  const newPath = () => {
    count += 1;
    return path.join(directory, `${count}.download`);
  };

  beforeAll(async () => {
    picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const pngSignature = picture.subarray(0, 64);
    streamed = serveStream(pngSignature, 5 * POST_IMAGE_MAX_BYTES, 'image/png');
    elsewhere = await startFileOrigin({ '/picture.png': serveBytes(picture, 'image/png') });
    origin = await startFileOrigin({
      '/picture.png': serveBytes(picture, 'image/png'),
      '/page.png': serveBytes(Buffer.from('<!doctype html><h1>Sign in</h1>'), 'image/png'),
      '/huge.png': streamed.route,
      '/elsewhere': (_request, response) =>
        response.writeHead(302, { location: `${elsewhere.url}/picture.png` }).end(),
      '/to-a-file': (_request, response) =>
        response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
      '/silent': () => {
        // Never answers.
      },
    });
  });

  afterEach(() => {
    origin.requested.length = 0;
    elsewhere.requested.length = 0;
  });

  afterAll(async () => {
    await Promise.all([origin?.close(), elsewhere?.close()]);
    rmSync(directory, { recursive: true, force: true });
  });

  const download = (
    url: string,
    policy: AddressPolicy = addressPolicy(true),
    timeoutMs = 5_000,
  ) => {
    const file = newPath();
    const result = downloadToFile(new URL(url), file, {
      policy,
      maxBytesFor: postMediaMaxBytes,
      timeoutMs,
      userAgent: 'Whisp/test',
    });
    return { file, result };
  };

  it('refuses loopback, private and link-local addresses and localhost, without connecting', async () => {
    const port = new URL(origin.url).port;
    const publicOnly = addressPolicy(false);
    for (const url of [
      `${origin.url}/picture.png`,
      `http://localhost:${port}/picture.png`,
      `http://[::1]:${port}/picture.png`,
      `http://[::ffff:127.0.0.1]:${port}/picture.png`,
      'http://10.0.0.7/picture.png',
      'http://192.168.1.1/picture.png',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const { file, result } = download(url, publicOnly);
      await expect(result, url).rejects.toThrow(RemoteFileRefused);
      expect(existsSync(file)).toBe(false);
    }
    expect(origin.requested).toEqual([]);
  });

  it('refuses, when connecting, a host name that resolves to a private address', async () => {
    // The check before each request resolves the name once; the connection resolves it again,
    // and a name that answers with a private address then (DNS rebinding) is refused there.
    const lookup = addressPolicy(false).lookup;
    expect(lookup).toBeDefined();
    const error = await new Promise<Error | null>((resolve) =>
      lookup?.('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(RemoteFileRefused);
    expect(error?.message).toMatch(/private address/);
  });

  it('downloads from loopback where private addresses are allowed (development and tests)', async () => {
    const { file, result } = download(`${origin.url}/picture.png`);
    const spooled = await result;
    expect(spooled.size).toBe(picture.length);
    expect(readFileSync(file).equals(picture)).toBe(true);
  });

  it('follows a redirect only where the policy allows the new address too', async () => {
    const followed = download(`${origin.url}/elsewhere`);
    expect((await followed.result).size).toBe(picture.length);
    expect(elsewhere.requested).toEqual(['/picture.png']);
    elsewhere.requested.length = 0;

    const notThere: AddressPolicy = {
      async check(url) {
        if (url.origin === elsewhere.url) throw new RemoteFileRefused('not that server');
      },
    };
    await expect(download(`${origin.url}/elsewhere`, notThere).result).rejects.toThrow(
      'not that server',
    );
    expect(elsewhere.requested).toEqual([]);
    await expect(download(`${origin.url}/to-a-file`).result).rejects.toThrow(/file: is not http/);
    await expect(download(`${origin.url}/loop`).result).rejects.toThrow(/more than 5 redirects/);
  });

  it('stops a picture larger than a picture may be while it streams, and keeps nothing', async () => {
    const { file, result } = download(`${origin.url}/huge.png`);
    await expect(result).rejects.toThrow(`larger than ${POST_IMAGE_MAX_BYTES} bytes`);
    expect(existsSync(file)).toBe(false);
    expect(streamed.done.finished).toBe(false);
  });

  it('refuses bytes that are neither a picture nor a video, whatever type the server declares', async () => {
    const { file, result } = download(`${origin.url}/page.png`);
    await expect(result).rejects.toThrow('neither a picture nor a video');
    expect(existsSync(file)).toBe(false);
  });

  it('refuses an answer other than 200, and gives up on a server that does not answer', async () => {
    await expect(download(`${origin.url}/missing.png`).result).rejects.toThrow(/answered 404/);
    const { file, result } = download(`${origin.url}/silent`, addressPolicy(true), 300);
    await expect(result).rejects.toThrow('took longer than 0.3 s');
    expect(existsSync(file)).toBe(false);
  });
});

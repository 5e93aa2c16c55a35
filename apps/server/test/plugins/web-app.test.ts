import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../helpers.js';

const INDEX_HTML = '<!doctype html><title>Whisp</title><div id="root"></div>';
const APP_SCRIPT = `console.log(${JSON.stringify('whisp '.repeat(200))})`;
const NOT_FOUND = { success: false, message: 'Not found', code: 'NOT_FOUND' };

function makeBuiltWebApp() {
  const staticDir = makeTempDir('web-app');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(staticDir, 'assets', 'index-4f2a9c.js'), APP_SCRIPT);
  writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the web app's build does (vite-plugins/precompress.ts): compressed copies beside the files.
  for (const [file, text] of [
    ['index.html', INDEX_HTML],
    ['assets/index-4f2a9c.js', APP_SCRIPT],
  ] as const) {
    writeFileSync(path.join(staticDir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(staticDir, `${file}.gz`), gzipSync(text));
  }
  return staticDir;
}

const decompress: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

describe('with a built web app', () => {
  let staticDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    staticDir = makeBuiltWebApp();
    testApp = await createTestApp({ config: { staticDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves index.html at / and asks browsers to revalidate it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/auth', '/profile', '/user/ada', '/search?q=%23whisp'])(
    'answers the app route %s with index.html',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('lets browsers keep hashed assets for a year', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('asks browsers to revalidate files without a hash', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  describe.each([
    ['a hashed asset', '/assets/index-4f2a9c.js', APP_SCRIPT, /^application\/javascript/],
    ['index.html', '/', INDEX_HTML, /^text\/html/],
    ['an app route (the index.html fallback)', '/auth', INDEX_HTML, /^text\/html/],
  ])('compression of %s', (_name, url, original, contentType) => {
    it.each(['br', 'gzip'])('sends the %s copy to a browser that accepts it', async (encoding) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': `${encoding}, identity` },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(contentType);
      expect(decompress[encoding]?.(response.rawPayload).toString()).toBe(original);
    });

    it('prefers brotli when both are accepted', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });

      expect(response.headers['content-encoding']).toBe('br');
    });

    it('sends the plain file to a client that accepts no compression', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'identity' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      // The same URL answers differently by encoding: shared caches must know.
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(original);
    });
  });

  it('keeps the year-long cache on a compressed hashed asset, and no-cache on compressed pages', async () => {
    const headers = { 'accept-encoding': 'br' };
    const asset = await testApp.app.inject({ url: '/assets/index-4f2a9c.js', headers });
    const page = await testApp.app.inject({ url: '/auth', headers });

    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers an app route without piling listeners on the response', async () => {
    // Each miss on disk (/auth.br, /auth.gz, /auth) used to add listeners, and Node warned of a
    // leak (MaxListenersExceededWarning) on every deep link.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const response = await testApp.app.inject({
        url: '/user/ada',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('sends the plain file when the build left no compressed copy', async () => {
    const response = await testApp.app.inject({
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it.each(['/api/nothing-here', '/media/missing.png', '/health/extra', '/assets/gone-123.js'])(
    'answers %s with a JSON 404, never the page',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    },
  );

  it('answers a POST to an app route with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/auth', payload: {} });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });
});

describe('without a built web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('answers app routes with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/auth' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });
});

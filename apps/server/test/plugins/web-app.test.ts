import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from '../helpers.js';

const INDEX_HTML = '<!doctype html><title>Whisp</title><div id="root"></div>';
const NOT_FOUND = { success: false, message: 'Not found', code: 'NOT_FOUND' };

function makeBuiltWebApp() {
  const staticDir = makeTempDir('web-app');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(staticDir, 'assets', 'index-4f2a9c.js'), 'console.log("whisp")');
  writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return staticDir;
}

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

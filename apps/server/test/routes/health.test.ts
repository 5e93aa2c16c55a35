import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, switchableOutage, type TestApp } from '../helpers.js';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('GET /health', () => {
  const outage = switchableOutage();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ wrapDatabase: outage.wrap });
  });
  afterAll(() => testApp.close());

  it('answers 200 with the status and the server version', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'ok', version });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the database is unreachable and 200 again once it is back', async () => {
    outage.start();
    const during = await testApp.app.inject({ method: 'GET', url: '/health' });
    outage.end();
    const after = await testApp.app.inject({ method: 'GET', url: '/health' });

    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      success: false,
      message: 'The database is unreachable',
      code: 'DATABASE_UNAVAILABLE',
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ success: true, status: 'ok', version });
  });
});

describe('GET /health after the database connection is gone', () => {
  it('answers 503 with the error shape', async () => {
    const testApp = await createTestApp();
    try {
      await testApp.database.kysely.destroy();

      const response = await testApp.app.inject({ method: 'GET', url: '/health' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await testApp.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

const ALLOWED = 'https://app.whisp.example';
const FOREIGN = 'https://evil.example';

const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/api/posts',
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization,content-type',
  },
});

describe('CORS with WHISP_CORS_ORIGINS set', () => {
  let testApp: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    // Through loadConfig, as the server reads it: written with a trailing slash on purpose.
    const { corsOrigins } = loadConfig({
      WHISP_CORS_ORIGINS: `${ALLOWED}/, http://localhost:5173`,
    });
    testApp = await createTestApp({ config: { corsOrigins } });
    member = await registerMember(testApp.app);
  });
  afterAll(() => testApp?.close());

  const me = (origin: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...member.headers, origin },
    });

  it('lets an allowed origin read answers, named exactly, varying by Origin', async () => {
    const response = await me(ALLOWED);

    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(response.headers.vary)).toMatch(/\bOrigin\b/i);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers an allowed preflight for a bearer-token POST', async () => {
    const response = await testApp.app.inject(preflight(ALLOWED));

    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['POST', 'PATCH', 'PUT', 'DELETE']),
    );
    const allowedHeaders = String(response.headers['access-control-allow-headers'])
      .toLowerCase()
      .split(/,\s*/);
    expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });

  it('gives a foreign origin no CORS headers, on answers and preflights alike', async () => {
    const answer = await me(FOREIGN);
    const refused = await testApp.app.inject(preflight(FOREIGN));

    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    for (const header of Object.keys(refused.headers)) {
      expect(header).not.toMatch(/^access-control-/);
    }
  });

  it('does not take an origin that merely starts like an allowed one', async () => {
    const lookalike = await me(`${ALLOWED}.evil.example`);

    expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the rate-limit wait readable to the allowed page', async () => {
    const response = await me(ALLOWED);

    expect(String(response.headers['access-control-expose-headers'])).toMatch(/Retry-After/i);
  });
});

describe('CORS by default', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { corsOrigins: loadConfig({}).corsOrigins } });
  });
  afterAll(() => testApp?.close());

  it('allows no other origin: no Access-Control-Allow-Origin, and no preflight', async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: ALLOWED },
    });
    const refused = await testApp.app.inject(preflight(ALLOWED));

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

import { ERRORS } from '@whisp/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/http/api-error.js';
import { createTestApp, type TestApp } from '../helpers.js';

// Routes that exist only in these tests, to reach each kind of failure.
function addTestRoutes(testApp: TestApp) {
  const { app } = testApp;
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({ content: z.string().max(5), tags: z.array(z.string()).optional() }),
      },
    },
    async (request) => ({ success: true, data: request.body }),
  );
  app.post('/api/test/nothing', async (request) => ({
    success: true,
    received: request.body ?? null,
  }));
  app.get('/api/test/crash', async () => {
    const error = new Error('relation "members" does not exist: select * from members');
    throw error;
  });
  // What node-postgres throws when the server is down, shutting down, or drops the connection.
  const unreachable: Record<string, () => Error> = {
    refused: () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    'shutting-down': () =>
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    dropped: () => new Error('Connection terminated unexpectedly'),
  };
  app.get<{ Params: { how: string } }>('/api/test/database/:how', async (request) => {
    throw unreachable[request.params.how]?.() ?? new Error('unknown');
  });
  app.get('/api/test/conflict', async () => {
    throw new ApiError(409, 'USERNAME_TAKEN', 'That username is taken');
  });
}

describe('error responses', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    addTestRoutes(testApp);
  });
  afterAll(() => testApp.close());

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After when the database cannot be reached', async () => {
    for (const how of ['refused', 'shutting-down', 'dropped']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/test/database/${how}`,
      });
      expect(response.statusCode, how).toBe(503);
      expect(response.headers['retry-after'], how).toBe('5');
      expect(response.json(), how).toEqual({
        success: false,
        message: 'The database is unreachable',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    // A query the database refused is our fault, not an outage.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/test/crash' })).statusCode).toBe(
      500,
    );
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"content": "hi",',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Request body is not valid JSON',
      code: 'INVALID_JSON',
    });
  });

  it('answers a body that breaks the schema with 400 VALIDATION_ERROR naming each field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { content: 'far too long', tags: ['ok', 7] },
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(typeof body.message).toBe('string');
    expect(body.details).toEqual([
      { field: 'content', message: expect.any(String) },
      { field: 'tags.1', message: expect.any(String) },
    ]);
  });

  it('answers a missing body on a route that needs one with 400 VALIDATION_ERROR', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test/echo' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body' }],
    });
  });

  it('accepts an empty body sent as application/json, as fetch wrappers do on a like', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, received: null });
  });

  it('answers a body over the size limit with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      message: 'The request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers a body of an unsupported type with 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<content>hi</content>',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('passes an expected failure through with its own status, code and message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: 'That username is taken',
      code: 'USERNAME_TAKEN',
    });
  });

  it('answers an unexpected failure with 500 and nothing of its stack or SQL', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: ERRORS.internal.message,
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toMatch(/members|select|stack|at .*\.ts/i);
  });

  it('gives every response a request id to quote in a support request', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });

    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

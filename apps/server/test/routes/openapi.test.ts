import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
}

describe('GET /api/openapi.json', () => {
  let testApp: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => testApp.close());

  const operation = (method: string, path: string) => {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  it('is an OpenAPI 3 document of every route of this issue', () => {
    expect(document.openapi).toMatch(/^3\./);
    const routes = [
      ['post', '/api/auth/register'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/logout'],
      ['get', '/api/users/me'],
      ['post', '/api/users/me'],
      ['post', '/api/users/avatar'],
      ['post', '/api/users/banner'],
      ['put', '/api/users/banner/position'],
      ['get', '/api/users/suggested'],
      ['get', '/api/users/profile/{username}'],
      ['get', '/api/users/{id}'],
      ['post', '/api/users/{id}/follow'],
      ['post', '/api/users/{id}/unfollow'],
      ['get', '/api/users/{id}/followers'],
      ['get', '/api/users/{id}/following'],
      ['get', '/media/{file}'],
    ];
    for (const [method, path] of routes)
      expect(() => operation(method as string, path as string)).not.toThrow();
  });

  it('describes bodies, parameters and responses from the route schemas', () => {
    const register = operation('post', '/api/auth/register');
    expect(
      Object.keys(register.requestBody?.content['application/json']?.schema.properties ?? {}),
    ).toEqual(
      expect.arrayContaining([
        'email',
        'password',
        'username',
        'display_name',
        'displayName',
        'bio',
      ]),
    );
    expect(Object.keys(register.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '429']),
    );

    const followers = operation('get', '/api/users/{id}/followers');
    expect(followers.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining(['path:id', 'query:limit', 'query:offset']),
    );
    expect(Object.keys(followers.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });

  it('marks the routes that need a bearer token, and only those', () => {
    expect(operation('get', '/api/users/me').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('post', '/api/auth/logout').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('post', '/api/auth/login').security).toBeUndefined();
    expect(operation('post', '/api/auth/register').security).toBeUndefined();
  });
});

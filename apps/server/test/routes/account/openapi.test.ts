import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the account routes in /api/openapi.json', () => {
  let testApp: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    paths = response.json().paths;
  });
  afterAll(() => testApp?.close());

  it.each([
    ['post', '/api/auth/password-reset/request', false, ['email'], ['200', '400', '429']],
    ['post', '/api/auth/password-reset/confirm', false, ['token', 'password'], ['200', '400']],
    [
      'post',
      '/api/users/me/password',
      true,
      ['current_password', 'new_password'],
      ['200', '400', '401', '429'],
    ],
    ['get', '/api/users/me/sessions', true, [], ['200', '401']],
    ['delete', '/api/users/me/sessions/{id}', true, [], ['200', '401', '404']],
  ] as const)('documents %s %s', (method, path, secured, bodyFields, statuses) => {
    const operation = paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation?.security).toEqual(secured ? [{ bearerAuth: [] }] : undefined);
    const properties = operation?.requestBody?.content['application/json']?.schema.properties;
    expect(Object.keys(properties ?? {})).toEqual(bodyFields);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining([...statuses]));
    expect(operation?.responses['200']?.content?.['application/json']?.schema).toBeDefined();
  });

  it('documents that a member without a password leaves current_password out, and deletes by username', () => {
    const bodyOf = (path: string, method: string) =>
      paths[path]?.[method]?.requestBody?.content['application/json']?.schema as {
        properties: Record<string, { description?: string }>;
        required?: string[];
      };
    const change = bodyOf('/api/users/me/password', 'post');
    expect(change.required ?? []).not.toContain('current_password');
    expect(change.properties.current_password?.description).toMatch(
      /Leave it out when you have none/,
    );
    const deletion = bodyOf('/api/users/me', 'delete');
    expect(Object.keys(deletion.properties)).toEqual(['password', 'username']);
    expect(deletion.properties.username?.description).toMatch(/when you have no password/);
  });

  it('names the session to end in the path', () => {
    const parameters = paths['/api/users/me/sessions/{id}']?.delete?.parameters ?? [];
    expect(parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:id']);
  });
});

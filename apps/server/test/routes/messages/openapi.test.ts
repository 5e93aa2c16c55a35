import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
}

/** The notification, message, support and event routes as the OpenAPI document shows them. */
describe('the inbox routes in /api/openapi.json', () => {
  let testApp: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    paths = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(() => testApp.close());

  const operation = (method: string, path: string) => {
    const found = paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  it.each([
    ['get', '/api/notifications', ['200', '401']],
    ['patch', '/api/notifications/{id}/read', ['200', '401', '404']],
    ['patch', '/api/notifications/read-all', ['200', '401']],
    ['get', '/api/messages/conversations', ['200', '401']],
    ['get', '/api/messages/conversations/{id}/messages', ['200', '401', '404']],
    ['post', '/api/messages', ['201', '400', '401', '404']],
    ['post', '/api/messages/start/{userId}', ['200', '401', '404']],
    ['patch', '/api/messages/read', ['200', '401']],
    ['get', '/api/messages/unread-count', ['200', '401']],
    ['post', '/api/support', ['201', '400', '401']],
    ['get', '/api/events', ['200', '401']],
  ])('%s %s needs a token and documents its answers', (method, path, statuses) => {
    const found = operation(method, path);
    expect(found.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(found.responses)).toEqual(expect.arrayContaining(statuses));
  });

  it('describes the bodies and parameters', () => {
    const body = (method: string, path: string) =>
      Object.keys(
        operation(method, path).requestBody?.content['application/json']?.schema.properties ?? {},
      );
    const parameters = (method: string, path: string) =>
      operation(method, path).parameters?.map((parameter) => `${parameter.in}:${parameter.name}`);

    expect(body('post', '/api/messages')).toEqual(['recipient_id', 'content']);
    expect(body('patch', '/api/messages/read')).toEqual(['message_ids']);
    expect(body('post', '/api/support')).toEqual(
      expect.arrayContaining([
        'category',
        'priority',
        'subject',
        'description',
        'include_system_info',
        'system_info',
      ]),
    );
    expect(parameters('get', '/api/notifications')).toEqual(
      expect.arrayContaining(['query:limit', 'query:before']),
    );
    expect(parameters('get', '/api/messages/conversations/{id}/messages')).toEqual(
      expect.arrayContaining(['path:id', 'query:page', 'query:limit']),
    );
    expect(parameters('get', '/api/events')).toEqual(
      expect.arrayContaining(['query:token', 'header:last-event-id']),
    );
  });
});

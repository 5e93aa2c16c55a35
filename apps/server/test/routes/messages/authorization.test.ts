import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

/**
 * Every message endpoint as a participant, as another member and without a token: nothing of a
 * conversation leaks to someone outside it, and nothing works without a session.
 */
describe('who may use the message endpoints', () => {
  let testApp: TestApp;
  let ann: TestMember;
  let bob: TestMember;
  let eve: TestMember;
  let conversationId: string;
  let messageId: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    [ann, bob, eve] = [
      await registerMember(testApp.app),
      await registerMember(testApp.app),
      await registerMember(testApp.app),
    ];
    const sent = await call('POST', '/api/messages', ann, {
      recipient_id: bob.id,
      content: 'Hi Bob',
    });
    ({ id: messageId, conversation_id: conversationId } = sent.json().data);
  });
  afterAll(() => testApp.close());

  function call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: TestMember | null,
    payload?: object,
  ) {
    return testApp.app.inject({
      method,
      url,
      headers: who ? who.headers : {},
      ...(payload ? { payload } : {}),
    });
  }

  const endpoints = (): [string, 'GET' | 'POST' | 'PATCH', string, object | undefined][] => [
    ['list conversations', 'GET', '/api/messages/conversations', undefined],
    ['list messages', 'GET', `/api/messages/conversations/${conversationId}/messages`, undefined],
    ['send', 'POST', '/api/messages', { recipient_id: bob.id, content: 'x' }],
    ['start', 'POST', `/api/messages/start/${bob.id}`, undefined],
    ['mark read', 'PATCH', '/api/messages/read', { message_ids: [] }],
    ['unread count', 'GET', '/api/messages/unread-count', undefined],
  ];

  it('answers 401 on every endpoint without a token', async () => {
    for (const [name, method, url, payload] of endpoints()) {
      const response = await call(method, url, null, payload);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toMatchObject({
        success: false,
        code: 'AUTHENTICATION_REQUIRED',
      });
    }
  });

  it('lets the participants read the conversation', async () => {
    for (const who of [ann, bob]) {
      const conversations = await call('GET', '/api/messages/conversations', who);
      expect(conversations.json().data.map((c: { id: string }) => c.id)).toEqual([conversationId]);
      const messages = await call(
        'GET',
        `/api/messages/conversations/${conversationId}/messages`,
        who,
      );
      expect(messages.statusCode).toBe(200);
      expect(messages.json().data.map((m: { id: string }) => m.id)).toEqual([messageId]);
    }
  });

  it('shows another member neither the conversation nor its messages', async () => {
    expect((await call('GET', '/api/messages/conversations', eve)).json().data).toEqual([]);
    const messages = await call(
      'GET',
      `/api/messages/conversations/${conversationId}/messages`,
      eve,
    );
    expect(messages.statusCode).toBe(404);
    expect((await call('GET', '/api/messages/unread-count', eve)).json().data).toEqual({
      unread_count: 0,
    });
  });

  it('lets no one but the recipient mark a message read', async () => {
    for (const who of [eve, ann]) {
      const response = await call('PATCH', '/api/messages/read', who, { message_ids: [messageId] });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ updated: 0 });
    }
    expect((await call('GET', '/api/messages/unread-count', bob)).json().data.unread_count).toBe(1);

    const byBob = await call('PATCH', '/api/messages/read', bob, { message_ids: [messageId] });
    expect(byBob.json().data).toEqual({ updated: 1 });
  });

  it('gives another member who starts a conversation with Bob a conversation of their own', async () => {
    const started = await call('POST', `/api/messages/start/${bob.id}`, eve);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.id).not.toBe(conversationId);
    expect(started.json().data.last_message).toBeNull();
  });
});

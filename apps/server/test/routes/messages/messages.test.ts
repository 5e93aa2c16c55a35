import { MESSAGE_MAX_LENGTH } from '@whisp/api-client/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface ShownMessage {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  is_read: boolean;
}

describe('direct messages', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const member = () => registerMember(testApp.app);
  const request = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: TestMember,
    payload?: object,
  ) => testApp.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const send = async (from: TestMember, to: TestMember, content: string) => {
    const response = await request('POST', '/api/messages', from, {
      recipient_id: to.id,
      content,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as ShownMessage;
  };
  const conversations = async (who: TestMember, query = '') =>
    (await request('GET', `/api/messages/conversations${query}`, who)).json().data as {
      id: string;
      other_participant_id: string;
      last_message: string | null;
      unread_count: number;
    }[];
  const unread = async (who: TestMember) =>
    (await request('GET', '/api/messages/unread-count', who)).json().data.unread_count as number;

  it('opens the same conversation for a pair whoever starts it', async () => {
    const [ann, bob] = [await member(), await member()];

    const first = await request('POST', `/api/messages/start/${bob.id}`, ann);
    const second = await request('POST', `/api/messages/start/${ann.id}`, bob);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const fromAnn = first.json().data;
    const fromBob = second.json().data;
    expect(fromBob.id).toBe(fromAnn.id);
    expect([fromAnn.participant_one_id, fromAnn.participant_two_id].sort()).toEqual(
      [ann.id, bob.id].sort(),
    );
    expect(fromAnn).toMatchObject({
      other_participant_id: bob.id,
      other_participant_username: bob.username,
      last_message: null,
      unread_count: 0,
    });
    expect(fromBob).toMatchObject({ other_participant_id: ann.id });
  });

  it('refuses to start a conversation with nobody (404) or yourself (400)', async () => {
    const ann = await member();

    const unknown = await request('POST', `/api/messages/start/${UNKNOWN_ID}`, ann);
    const yourself = await request('POST', `/api/messages/start/${ann.id}`, ann);

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'USER_NOT_FOUND' });
    expect(yourself.statusCode).toBe(400);
    expect(yourself.json()).toMatchObject({ message: 'You cannot message yourself' });
  });

  it('sends a message, making the conversation when needed', async () => {
    const [ann, bob] = [await member(), await member()];

    const response = await request('POST', '/api/messages', ann, {
      recipient_id: bob.id,
      content: 'Coffee at ten?',
    });

    expect(response.statusCode).toBe(201);
    const message = response.json().data;
    expect(message).toMatchObject({
      sender_id: ann.id,
      recipient_id: bob.id,
      content: 'Coffee at ten?',
      is_read: false,
    });
    const [conversation] = await conversations(bob);
    expect(conversation).toMatchObject({
      id: message.conversation_id,
      other_participant_id: ann.id,
      last_message: 'Coffee at ten?',
      last_message_at: message.created_at,
      unread_count: 1,
    });
    expect((await conversations(ann))[0]).toMatchObject({ unread_count: 0 });
    expect(await unread(bob)).toBe(1);
    expect(await unread(ann)).toBe(0);
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n '],
  ])('refuses an %s message', async (_, content) => {
    const [ann, bob] = [await member(), await member()];

    const response = await request('POST', '/api/messages', ann, { recipient_id: bob.id, content });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Message cannot be empty' });
    expect(await conversations(bob)).toEqual([]);
  });

  it('counts the length as a person does, and refuses a message that is too long', async () => {
    const [ann, bob] = [await member(), await member()];
    const emoji = '👩‍👩‍👧‍👦';

    const longest = await request('POST', '/api/messages', ann, {
      recipient_id: bob.id,
      content: emoji.repeat(MESSAGE_MAX_LENGTH),
    });
    const tooLong = await request('POST', '/api/messages', ann, {
      recipient_id: bob.id,
      content: 'a'.repeat(MESSAGE_MAX_LENGTH + 1),
    });

    expect(longest.statusCode).toBe(201);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(`Messages can be at most ${MESSAGE_MAX_LENGTH} characters`);
  });

  it('refuses a message to nobody, to yourself, or without a recipient', async () => {
    const ann = await member();

    const nobody = await request('POST', '/api/messages', ann, {
      recipient_id: UNKNOWN_ID,
      content: 'Hello?',
    });
    const yourself = await request('POST', '/api/messages', ann, {
      recipient_id: ann.id,
      content: 'Note to self',
    });
    const missing = await request('POST', '/api/messages', ann, { content: 'To whom?' });

    expect(nobody.statusCode).toBe(404);
    expect(yourself.statusCode).toBe(400);
    expect(missing.statusCode).toBe(400);
  });

  it('lists conversations with the most recent first', async () => {
    const [ann, bob, cat] = [await member(), await member(), await member()];
    await send(ann, bob, 'First to Bob');
    await send(ann, cat, 'Then to Cat');
    expect((await conversations(ann)).map((c) => c.other_participant_id)).toEqual([cat.id, bob.id]);

    await send(bob, ann, 'Bob answers');

    const list = await conversations(ann);
    expect(list.map((c) => c.other_participant_id)).toEqual([bob.id, cat.id]);
    expect(list[0]).toMatchObject({ last_message: 'Bob answers', unread_count: 1 });
    expect(
      (await conversations(ann, '?page=2&limit=1')).map((c) => c.other_participant_id),
    ).toEqual([cat.id]);
  });

  it('lists a conversation’s messages oldest first, a page at a time', async () => {
    const [ann, bob] = [await member(), await member()];
    for (const content of ['one', 'two', 'three']) await send(ann, bob, content);
    await send(bob, ann, 'four');
    const [conversation] = await conversations(ann);
    const url = `/api/messages/conversations/${conversation?.id}/messages`;

    const all = await request('GET', url, bob);
    const secondPage = await request('GET', `${url}?page=2&limit=2`, ann);

    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((m: ShownMessage) => m.content)).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
    expect(secondPage.json().data.map((m: ShownMessage) => m.content)).toEqual(['three', 'four']);
  });

  it('answers 404 for a conversation you are not in, or that does not exist', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const message = await send(ann, bob, 'Private');

    const stranger = await request(
      'GET',
      `/api/messages/conversations/${message.conversation_id}/messages`,
      eve,
    );
    const unknown = await request('GET', `/api/messages/conversations/${UNKNOWN_ID}/messages`, ann);

    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'CONVERSATION_NOT_FOUND' });
    expect(stranger.body).not.toContain('Private');
    expect(unknown.statusCode).toBe(404);
  });

  it('marks read only the messages sent to you', async () => {
    const [ann, bob] = [await member(), await member()];
    const toBob = [await send(ann, bob, 'a'), await send(ann, bob, 'b')];
    const toAnn = await send(bob, ann, 'c');
    const ids = [...toBob.map((m) => m.id), toAnn.id, 'not-an-id', UNKNOWN_ID];

    const byAnn = await request('PATCH', '/api/messages/read', ann, { message_ids: ids });
    expect(byAnn.statusCode).toBe(200);
    expect(byAnn.json()).toEqual({ success: true, data: { updated: 1 } });
    expect(await unread(bob)).toBe(2);

    const byBob = await request('PATCH', '/api/messages/read', bob, { message_ids: ids });
    expect(byBob.json().data).toEqual({ updated: 2 });
    expect(await unread(bob)).toBe(0);
    expect((await conversations(bob))[0]).toMatchObject({ unread_count: 0 });
    const again = await request('PATCH', '/api/messages/read', bob, { message_ids: ids });
    expect(again.json().data).toEqual({ updated: 0 });
  });

  it('refuses a read request without a list of ids', async () => {
    const ann = await member();
    const response = await request('PATCH', '/api/messages/read', ann, { message_ids: 'all' });
    expect(response.statusCode).toBe(400);
  });
});

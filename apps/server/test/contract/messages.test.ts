import { describe, expect, it } from 'vitest';
import {
  expectError,
  expectInvalid,
  ISO_TIME,
  type Member,
  ok,
  signUp,
  TARGETS,
  useTarget,
} from './target.js';

describe.each(TARGETS)('direct messages (%s)', (name) => {
  const target = useTarget(name);
  const send = (from: Member, json: unknown) =>
    target.call('POST', '/api/messages', { token: from.token, json });
  const conversations = async (member: Member, query = '') =>
    ok(await target.call('GET', `/api/messages/conversations${query}`, { token: member.token }))
      .data;
  const unread = async (member: Member) =>
    ok(await target.call('GET', '/api/messages/unread-count', { token: member.token })).data
      .unread_count;

  it('starts one conversation per pair whoever starts it, listed with the other member', async () => {
    const [ann, bob] = [await signUp(target), await signUp(target)];
    const started = ok(
      await target.call('POST', `/api/messages/start/${bob.id}`, { token: ann.token }),
    );
    const [one, two] = [ann.id, bob.id].sort();
    expect(started).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        participant_one_id: one,
        participant_two_id: two,
        other_participant_id: bob.id,
        other_participant_username: bob.username,
        other_participant_display_name: bob.display_name,
        other_participant_avatar_url: null,
        other_participant_message_permission: 'allowed',
        last_message: null,
        last_message_at: expect.stringMatching(ISO_TIME),
        unread_count: 0,
      },
    });
    const again = ok(
      await target.call('POST', `/api/messages/start/${ann.id}`, { token: bob.token }),
    );
    expect(again.data).toMatchObject({ id: started.data.id, other_participant_id: ann.id });
    expectError(
      await target.call('POST', `/api/messages/start/${ann.id}`, { token: ann.token }),
      400,
      'VALIDATION_ERROR',
      'You cannot message yourself',
      [{ field: 'userId', message: 'You cannot message yourself' }],
    );
    expectError(
      await target.call('POST', '/api/messages/start/no-such-member', { token: ann.token }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
  });

  it('sends with 201; the conversation carries the last message, its time and the unread count', async () => {
    const [ann, bob, cat] = [await signUp(target), await signUp(target), await signUp(target)];
    const first = ok(await send(ann, { recipient_id: bob.id, content: 'Hi Bob' }), 201);
    expect(first).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        conversation_id: expect.any(String),
        sender_id: ann.id,
        recipient_id: bob.id,
        content: 'Hi Bob',
        created_at: expect.stringMatching(ISO_TIME),
        is_read: false,
      },
    });
    const second = ok(await send(ann, { recipient_id: bob.id, content: 'Still there?' }), 201).data;
    expect(second.conversation_id).toBe(first.data.conversation_id);
    ok(await send(cat, { recipient_id: bob.id, content: 'Hello from Cat' }), 201);

    const bobs = await conversations(bob);
    expect(bobs.map((c: { other_participant_id: string }) => c.other_participant_id)).toEqual([
      cat.id,
      ann.id,
    ]);
    expect(bobs[1]).toMatchObject({
      id: first.data.conversation_id,
      last_message: 'Still there?',
      last_message_at: second.created_at,
      unread_count: 2,
    });
    expect((await conversations(ann))[0]).toMatchObject({
      unread_count: 0,
      other_participant_id: bob.id,
    });
    expect(await unread(bob)).toBe(3);
    expect((await conversations(bob, '?limit=1&page=2')).map((c: { id: string }) => c.id)).toEqual([
      first.data.conversation_id,
    ]);

    const thread = ok(
      await target.call(
        'GET',
        `/api/messages/conversations/${first.data.conversation_id}/messages`,
        {
          token: bob.token,
        },
      ),
    );
    expect(thread).toEqual({ success: true, data: [first.data, second] });
    const paged = ok(
      await target.call(
        'GET',
        `/api/messages/conversations/${first.data.conversation_id}/messages?limit=1&page=2`,
        { token: ann.token },
      ),
    );
    expect(paged.data).toEqual([second]);
  });

  it('marks read only messages sent to you', async () => {
    const [ann, bob] = [await signUp(target), await signUp(target)];
    const toBob = ok(await send(ann, { recipient_id: bob.id, content: 'One' }), 201).data;
    const toAnn = ok(await send(bob, { recipient_id: ann.id, content: 'Two' }), 201).data;
    const mark = (member: Member, message_ids: unknown) =>
      target.call('PATCH', '/api/messages/read', { token: member.token, json: { message_ids } });
    expect(ok(await mark(bob, [toBob.id, toAnn.id, 'no-such-message']))).toEqual({
      success: true,
      data: { updated: 1 },
    });
    expect(ok(await mark(bob, [toBob.id])).data).toEqual({ updated: 0 });
    expect(await unread(bob)).toBe(0);
    expect(await unread(ann)).toBe(1);
    expectInvalid(
      await target.call('PATCH', '/api/messages/read', { token: bob.token, json: {} }),
      'message_ids',
      'Message ids is required',
    );
    const thread = ok(
      await target.call('GET', `/api/messages/conversations/${toBob.conversation_id}/messages`, {
        token: ann.token,
      }),
    ).data;
    expect(thread.map((m: { is_read: boolean }) => m.is_read)).toEqual([true, false]);
  });

  it('refuses an empty, too long or self-addressed message and a missing recipient', async () => {
    const [ann, bob] = [await signUp(target), await signUp(target)];
    expectInvalid(
      await send(ann, { recipient_id: bob.id, content: '  ' }),
      'content',
      'Message cannot be empty',
    );
    expectInvalid(
      await send(ann, { recipient_id: bob.id, content: '🙂'.repeat(1001) }),
      'content',
      'Messages can be at most 1000 characters',
    );
    ok(await send(ann, { recipient_id: bob.id, content: '👩‍👩‍👧‍👦'.repeat(1000) }), 201);
    expectInvalid(
      await send(ann, { recipient_id: ann.id, content: 'Me' }),
      'recipient_id',
      'You cannot message yourself',
    );
    expectInvalid(
      await send(ann, { content: 'To nobody' }),
      'recipient_id',
      'Recipient id is required',
    );
    expectError(await send(ann, {}), 400, 'VALIDATION_ERROR', 'Recipient id is required', [
      { field: 'recipient_id', message: 'Recipient id is required' },
      { field: 'content', message: 'Content is required' },
    ]);
    expectError(
      await send(ann, { recipient_id: 'no-such-member', content: 'Hello?' }),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
  });

  it('hides a conversation from anyone outside it', async () => {
    const [ann, bob, eve] = [await signUp(target), await signUp(target), await signUp(target)];
    const message = ok(await send(ann, { recipient_id: bob.id, content: 'Private' }), 201).data;
    for (const id of [message.conversation_id, 'no-such-conversation']) {
      expectError(
        await target.call('GET', `/api/messages/conversations/${id}/messages`, {
          token: eve.token,
        }),
        404,
        'CONVERSATION_NOT_FOUND',
        'Conversation not found',
      );
    }
    expect(await conversations(eve)).toEqual([]);
  });
});

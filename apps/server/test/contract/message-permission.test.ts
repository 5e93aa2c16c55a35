import {
  ERRORS,
  type MessageAudience,
  type MessagePermissionStatus,
} from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { expectError, follow, type Member, ok, signUp, TARGETS, useTarget } from './target.js';

// Privacy and preferences (1.2), messages_from: a profile and a conversation say beforehand
// whether the viewer may write to the member (`allowed`), or which of their settings refuses them.

describe.each(TARGETS)('message permission (%s)', (name) => {
  const target = useTarget(name);

  const choose = async (member: Member, messagesFrom: MessageAudience) =>
    ok(
      await target.call('PATCH', '/api/users/me/preferences', {
        token: member.token,
        json: { messages_from: messagesFrom },
      }),
    );
  /** The member's profile as the viewer reads it, by id and by username: both must agree. */
  const profilePermission = async (viewer: Member, member: Member) => {
    const byId = ok(await target.call('GET', `/api/users/${member.id}`, { token: viewer.token }));
    const byName = ok(
      await target.call('GET', `/api/users/profile/${member.username}`, { token: viewer.token }),
    );
    expect(byName.data.message_permission).toBe(byId.data.message_permission);
    return byId.data.message_permission as MessagePermissionStatus;
  };
  /** The viewer's conversation with the member, as their conversation list shows it. */
  const listedPermission = async (viewer: Member, member: Member) => {
    const list = ok(
      await target.call('GET', '/api/messages/conversations', { token: viewer.token }),
    ).data as { other_participant_id: string; other_participant_message_permission: string }[];
    const conversation = list.find((item) => item.other_participant_id === member.id);
    if (!conversation) throw new Error(`No conversation with ${member.username} is listed`);
    return conversation.other_participant_message_permission;
  };
  /** Opens the conversation from `opener`'s side (they may write to `other`). */
  const open = async (opener: Member, other: Member) =>
    ok(await target.call('POST', `/api/messages/start/${other.id}`, { token: opener.token })).data;
  const send = (from: Member, to: Member) =>
    target.call('POST', '/api/messages', {
      token: from.token,
      json: { recipient_id: to.id, content: 'hello' },
    });

  it('everyone (the default): allowed on the profile, a new conversation and the list', async () => {
    const [member, stranger] = [await signUp(target), await signUp(target)];
    expect(await profilePermission(stranger, member)).toBe('allowed');
    const started = await open(stranger, member);
    expect(started.other_participant_message_permission).toBe('allowed');
    expect(await listedPermission(stranger, member)).toBe('allowed');
    await choose(member, 'everyone');
    expect(await profilePermission(stranger, member)).toBe('allowed');
  });

  it('following: allowed to members they follow; "following" to their fans and strangers', async () => {
    const [member, friend, fan, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    await follow(target, member, friend);
    // Following them is not enough: they must follow you.
    await follow(target, fan, member);
    await choose(member, 'following');
    // The member may still write to each of them, so each has a conversation to list.
    for (const other of [friend, fan, stranger]) await open(member, other);

    expect(await profilePermission(friend, member)).toBe('allowed');
    expect(await listedPermission(friend, member)).toBe('allowed');
    ok(await send(friend, member), 201);
    for (const other of [fan, stranger]) {
      expect(await profilePermission(other, member)).toBe('following');
      expect(await listedPermission(other, member)).toBe('following');
      expectError(
        await send(other, member),
        403,
        'MESSAGES_NOT_ACCEPTED',
        ERRORS.messagesNotAccepted.message(member.username),
      );
    }

    // Following the stranger back lets them write, and says so at once.
    await follow(target, member, stranger);
    expect(await profilePermission(stranger, member)).toBe('allowed');
    expect(await listedPermission(stranger, member)).toBe('allowed');
  });

  it('nobody: "nobody" to everyone, members they follow included, until they turn it back', async () => {
    const [member, friend, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    await follow(target, member, friend);
    await open(stranger, member);
    await choose(member, 'nobody');
    await open(member, friend);

    for (const other of [friend, stranger]) {
      expect(await profilePermission(other, member)).toBe('nobody');
      expect(await listedPermission(other, member)).toBe('nobody');
    }
    // The setting is about what they receive: the member still writes to the others freely.
    expect(await profilePermission(member, friend)).toBe('allowed');
    expect(await listedPermission(member, friend)).toBe('allowed');

    await choose(member, 'everyone');
    expect(await profilePermission(stranger, member)).toBe('allowed');
    expect(await listedPermission(stranger, member)).toBe('allowed');
  });

  it('is allowed on your own profile, whatever you chose', async () => {
    const member = await signUp(target);
    for (const messagesFrom of ['nobody', 'following'] as const) {
      await choose(member, messagesFrom);
      expect(await profilePermission(member, member)).toBe('allowed');
    }
  });
});

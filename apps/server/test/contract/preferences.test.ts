import {
  DEFAULT_PREFERENCES,
  ERRORS,
  PREFERENCES_SAVED_MESSAGE,
  type PreferencesValues,
} from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { importInto, jsonOf, manifest, unzip, zipOf } from './archive.js';
import {
  act,
  expectError,
  follow,
  type Member,
  notificationsOf,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
  whisp,
} from './target.js';

// api.md, Privacy and preferences (1.2): the member's switches, kept and enforced by the server.

const PATH = '/api/users/me/preferences';

const readPreferences = async (target: Target, member: Member) =>
  ok(await target.call('GET', PATH, { token: member.token })).data as PreferencesValues;

const change = (target: Target, member: Member, json: unknown) =>
  target.call('PATCH', PATH, { token: member.token, json });

async function save(target: Target, member: Member, json: Record<string, unknown>) {
  const body = ok(await change(target, member, json));
  expect(body.message).toBe(PREFERENCES_SAVED_MESSAGE);
  return body.data as PreferencesValues;
}

const withChanges = (changes: Partial<PreferencesValues>): PreferencesValues => ({
  ...DEFAULT_PREFERENCES,
  ...changes,
  notifications: { ...DEFAULT_PREFERENCES.notifications, ...changes.notifications },
});

const signIn = async (target: Target, member: Member) =>
  ok(
    await target.call('POST', '/api/auth/login', {
      json: { email: member.email, password: member.password },
    }),
  ).data as { token: string; user: { preferences: PreferencesValues } };

describe.each(TARGETS)('preferences (%s)', (name) => {
  const target = useTarget(name);

  it('starts every member at the defaults, with the member and on their own', async () => {
    const answer = await target.call('POST', '/api/auth/register', {
      json: {
        email: `fresh${Date.now()}@example.com`,
        password: 'correct horse battery',
        username: `fresh${Date.now().toString(36)}`,
        display_name: 'Fresh',
      },
    });
    expect(ok(answer, 201).data.user.preferences).toEqual(DEFAULT_PREFERENCES);
    const member = await signUp(target);
    expect(await readPreferences(target, member)).toEqual(DEFAULT_PREFERENCES);
    const me = ok(await target.call('GET', '/api/users/me', { token: member.token })).data;
    expect(me.preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it('changes any subset, keeps the rest, and holds on a new sign-in', async () => {
    const member = await signUp(target);
    const first = withChanges({
      messages_from: 'nobody',
      notifications: { ...DEFAULT_PREFERENCES.notifications, like: false },
    });
    expect(
      await save(target, member, { messages_from: 'nobody', notifications: { like: false } }),
    ).toEqual(first);
    const second = withChanges({
      ...first,
      data_saver: true,
      notifications: { ...first.notifications, mention: false },
    });
    expect(
      await save(target, member, { data_saver: true, notifications: { mention: false } }),
    ).toEqual(second);
    expect(await save(target, member, {})).toEqual(second);

    expect(await readPreferences(target, member)).toEqual(second);
    const again = await signIn(target, member);
    expect(again.user.preferences).toEqual(second);
    const me = ok(await target.call('GET', '/api/users/me', { token: again.token })).data;
    expect(me.preferences).toEqual(second);
    // POST /api/users/me answers the whole member, preferences included.
    const updated = ok(
      await target.call('POST', '/api/users/me', { token: member.token, json: { bio: 'hi' } }),
    ).user;
    expect(updated.preferences).toEqual(second);
  });

  it('refuses unknown switches and ill-typed values with the validation shape, changing nothing', async () => {
    const member = await signUp(target);
    const refusals: [unknown, string, string][] = [
      [{ colour: 'red' }, 'body', 'Unknown field: colour'],
      [{ notifications: { moderation: false } }, 'notifications', 'Unknown field: moderation'],
      [{ read_receipts: 'yes' }, 'read_receipts', 'Read receipts must be true or false'],
      [
        { messages_from: 'friends' },
        'messages_from',
        'Messages from must be one of: everyone, following, nobody',
      ],
      [{ notifications: { like: 1 } }, 'notifications.like', 'Like must be true or false'],
      [{ data_saver: null }, 'data_saver', 'Data saver is required'],
    ];
    for (const [json, field, message] of refusals) {
      expectError(await change(target, member, json), 400, 'VALIDATION_ERROR', message, [
        { field, message },
      ]);
    }
    expect(await readPreferences(target, member)).toEqual(DEFAULT_PREFERENCES);
    expectError(
      await target.call('PATCH', PATH, { json: { data_saver: true } }),
      401,
      ERRORS.authenticationRequired.code,
      ERRORS.authenticationRequired.message,
    );
  });

  describe('messages_from', () => {
    const start = (from: Member, to: Member) =>
      target.call('POST', `/api/messages/start/${to.id}`, { token: from.token });
    const send = (from: Member, to: Member) =>
      target.call('POST', '/api/messages', {
        token: from.token,
        json: { recipient_id: to.id, content: 'hello' },
      });
    const refused = (answer: Awaited<ReturnType<typeof send>>, to: Member) =>
      expectError(
        answer,
        403,
        'MESSAGES_NOT_ACCEPTED',
        ERRORS.messagesNotAccepted.message(to.username),
      );

    it('nobody: refuses starting a conversation and every message, even in an old conversation', async () => {
      const [me, them] = [await signUp(target), await signUp(target)];
      ok(await send(them, me), 201);
      await save(target, me, { messages_from: 'nobody' });
      refused(await start(them, me), me);
      refused(await send(them, me), me);
      // Their own messages still go out: the switch is about what they receive.
      ok(await send(me, them), 201);
      await save(target, me, { messages_from: 'everyone' });
      ok(await send(them, me), 201);
    });

    it('following: only members they follow may write', async () => {
      const [me, friend, stranger, fan] = [
        await signUp(target),
        await signUp(target),
        await signUp(target),
        await signUp(target),
      ];
      await follow(target, me, friend);
      // Following them is not enough: they must follow you.
      await follow(target, fan, me);
      await save(target, me, { messages_from: 'following' });
      ok(await start(friend, me));
      ok(await send(friend, me), 201);
      for (const other of [stranger, fan]) {
        refused(await start(other, me), me);
        refused(await send(other, me), me);
      }
    });
  });

  it('read receipts off: read for the reader, still unread to the sender', async () => {
    const [sender, reader] = [await signUp(target), await signUp(target)];
    const sent = async (content: string) =>
      ok(
        await target.call('POST', '/api/messages', {
          token: sender.token,
          json: { recipient_id: reader.id, content },
        }),
        201,
      ).data;
    const markRead = async (id: string) =>
      ok(
        await target.call('PATCH', '/api/messages/read', {
          token: reader.token,
          json: { message_ids: [id] },
        }),
      );
    const isReadFor = async (member: Member, conversationId: string) =>
      Object.fromEntries(
        ok(
          await target.call('GET', `/api/messages/conversations/${conversationId}/messages`, {
            token: member.token,
          }),
        ).data.map((message: { id: string; is_read: boolean }) => [message.id, message.is_read]),
      );
    const unread = async () =>
      ok(await target.call('GET', '/api/messages/unread-count', { token: reader.token })).data
        .unread_count;

    const open = await sent('seen openly');
    await markRead(open.id);
    await save(target, reader, { read_receipts: false });
    const quiet = await sent('seen quietly');
    expect(await unread()).toBe(1);
    await markRead(quiet.id);
    expect(await unread()).toBe(0);
    expect(await isReadFor(reader, quiet.conversation_id)).toEqual({
      [open.id]: true,
      [quiet.id]: true,
    });
    expect(await isReadFor(sender, quiet.conversation_id)).toEqual({
      [open.id]: true,
      [quiet.id]: false,
    });
    // Turning receipts back on does not give away what was read while they were off.
    await save(target, reader, { read_receipts: true });
    expect((await isReadFor(sender, quiet.conversation_id))[quiet.id]).toBe(false);
    // Nor does the sender's export.
    const exported = await target.call('GET', '/api/users/me/export', { token: sender.token });
    const [conversation] = jsonOf(await unzip(exported.bytes), 'messages.json');
    expect(
      Object.fromEntries(
        conversation.messages.map((message: { id: string; is_read: boolean }) => [
          message.id,
          message.is_read,
        ]),
      ),
    ).toEqual({ [open.id]: true, [quiet.id]: false });
  });

  it('discoverable_by_email: search finds the exact address (any case) only when on', async () => {
    const [seeker, sought] = [await signUp(target), await signUp(target)];
    const found = async (q: string) =>
      ok(
        await target.call('GET', `/api/search?q=${encodeURIComponent(q)}`, {
          token: seeker.token,
        }),
      ).data.users.map((user: { id: string }) => user.id);
    expect(await found(sought.email)).toEqual([]);
    await save(target, sought, { discoverable_by_email: true });
    expect(await found(sought.email)).toEqual([sought.id]);
    expect(await found(sought.email.toUpperCase())).toEqual([sought.id]);
    // Never by part of an address: not its start, nor the same name at another domain.
    const [local] = sought.email.split('@') as [string];
    for (const part of [`${local}@example.co`, `${local}@exa`, `${local}@example.org`]) {
      expect(await found(part)).toEqual([]);
    }
    // Blocked either way, the address finds nobody.
    ok(await target.call('POST', `/api/users/${seeker.id}/block`, { token: sought.token }));
    expect(await found(sought.email)).toEqual([]);
  });

  it('a notification type turned off is not created, listed or counted while off', async () => {
    const [me, fan] = [await signUp(target), await signUp(target)];
    const mine = await whisp(target, me, 'likeable');
    const types = async () =>
      (await notificationsOf(target, me)).notifications.map(
        (n: { notification_type: string }) => n.notification_type,
      );
    const unreadCount = async () => (await notificationsOf(target, me)).unread_count;

    await save(target, me, { notifications: { like: false, follow: false } });
    await act(target, fan, mine.id, 'like');
    await follow(target, fan, me);
    expect(await types()).toEqual([]);
    expect(await unreadCount()).toBe(0);
    // Turned on again, nothing from while it was off comes back; new ones arrive.
    await save(target, me, { notifications: { like: true } });
    expect(await types()).toEqual([]);
    await act(target, fan, mine.id, 'unlike');
    await act(target, fan, mine.id, 'like');
    expect(await types()).toEqual(['like']);
    // Other types were never touched by the switch.
    await save(target, me, { notifications: { reply: false } });
    ok(
      await target.call('POST', `/api/posts/${mine.id}/reply`, {
        token: fan.token,
        json: { content: 'a reply nobody is told of' },
      }),
      201,
    );
    await act(target, fan, mine.id, 'rewhisp');
    expect(await types()).toEqual(['rewhisp', 'like']);
  });

  it('travels in the export and comes back with an import; an archive without them keeps the defaults', async () => {
    const member = await signUp(target);
    const chosen = await save(target, member, {
      messages_from: 'following',
      autoplay_media: false,
      notifications: { poll: false },
    });
    const exported = await target.call('GET', '/api/users/me/export', { token: member.token });
    expect(exported.status).toBe(200);
    const entries = await unzip(exported.bytes);
    expect(jsonOf(entries, 'account.json').settings.preferences).toEqual(chosen);

    const newcomer = await signUp(target);
    ok(await importInto(target, newcomer, exported.bytes));
    expect(await readPreferences(target, newcomer)).toEqual(chosen);

    const older = await signUp(target);
    const archive = await zipOf({
      'manifest.json': manifest(),
      'whisps.json': '[]',
      'account.json': JSON.stringify({
        user: {
          id: 'old-account',
          username: 'old_name',
          display_name: 'Old',
          email: 'old@example.com',
          bio: null,
          created_at: '2024-01-01T00:00:00.000Z',
          avatar: null,
          banner: null,
        },
        settings: { is_private: false, banner_position_x: 50, banner_position_y: 50 },
      }),
    });
    ok(await importInto(target, older, archive));
    expect(await readPreferences(target, older)).toEqual(DEFAULT_PREFERENCES);
  });
});

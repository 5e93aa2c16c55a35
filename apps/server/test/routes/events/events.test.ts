import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';
import { createLiveTestApp, type LiveTestApp } from './live-app.js';
import { type OpenStream, openEventStream, type StreamItem } from './sse.js';

const HEARTBEAT_MS = 200;

describe('GET /api/events', () => {
  const logs = captureLogs();
  let live: LiveTestApp;
  let as: ReturnType<typeof asMember>;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    live = await createLiveTestApp({ heartbeatMs: HEARTBEAT_MS, logDestination: logs.destination });
    as = asMember(live.app);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await live.close();
  });

  const member = () => registerMember(live.app);
  async function stream(who: TestMember, headers: Record<string, string> = {}) {
    const opened = await openEventStream(
      `${live.baseUrl}/api/events?token=${encodeURIComponent(who.token)}`,
      headers,
    );
    open.push(opened);
    expect(opened.status).toBe(200);
    // Everything after the first counts is live.
    await opened.next((item) => item.event === 'unread');
    return opened;
  }
  const event =
    (name: string, matches: (data: never) => boolean = () => true) =>
    (item: StreamItem) =>
      item.event === name && matches(item.data as never);

  it('answers 401 without a token, or with one that names no session', async () => {
    const none = await fetch(`${live.baseUrl}/api/events`);
    const forged = await fetch(`${live.baseUrl}/api/events?token=forged`);
    const header = await fetch(`${live.baseUrl}/api/events`, {
      headers: { authorization: 'Bearer forged' },
    });

    for (const response of [none, forged, header]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false });
    }
  });

  it('opens with the bearer header too, and starts with the unread counts', async () => {
    const someone = await member();
    const opened = await openEventStream(`${live.baseUrl}/api/events`, someone.headers);
    open.push(opened);

    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await opened.next(event('unread'));
    expect(first.data).toEqual({ notifications: 0, messages: 0 });
    expect(first.id).toMatch(/^\d+$/);
  });

  it('delivers the notification of a like within a second of it', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'Live!');
    const authorStream = await stream(author);

    expect((await as.post(`/api/posts/${whisp.id}/like`, fan)).statusCode).toBe(200);

    const notification = await authorStream.next(event('notification'), 1_000);
    expect(notification.data).toMatchObject({
      notification_type: 'like',
      actor: { id: fan.id },
      post: { id: whisp.id },
      is_read: false,
    });
    expect(notification.id).toMatch(/^\d+$/);
    const counts = await authorStream.next(
      event('unread', (data: { notifications: number }) => data.notifications === 1),
    );
    expect(counts.data).toEqual({ notifications: 1, messages: 0 });
  });

  it('delivers to every open tab of the member, and to nobody else', async () => {
    const [author, fan, bystander] = [await member(), await member(), await member()];
    const tabs = [await stream(author), await stream(author)];
    const bystanderStream = await stream(bystander);

    await as.post(`/api/users/${author.id}/follow`, fan);

    for (const tab of tabs) {
      expect((await tab.next(event('notification'))).data).toMatchObject({
        notification_type: 'follow',
      });
    }
    expect(bystanderStream.items.some((item) => item.event === 'notification')).toBe(false);
  });

  it('delivers a message to both members, and the recipient’s new counts', async () => {
    const [sender, recipient] = [await member(), await member()];
    const senderStream = await stream(sender);
    const recipientStream = await stream(recipient);

    const sent = await as.post('/api/messages', sender, {
      recipient_id: recipient.id,
      content: 'Are you there?',
    });
    const id = sent.json().data.id;

    for (const opened of [recipientStream, senderStream]) {
      const message = await opened.next(event('message'));
      expect(message.data).toMatchObject({ id, content: 'Are you there?', sender_id: sender.id });
    }
    expect((await recipientStream.next(event('notification'))).data).toMatchObject({
      notification_type: 'direct_message',
    });
    await recipientStream.next(
      event('unread', (data: { messages: number }) => data.messages === 1),
    );

    await live.app.inject({
      method: 'PATCH',
      url: '/api/messages/read',
      headers: recipient.headers,
      payload: { message_ids: [id] },
    });
    await recipientStream.next(
      event(
        'unread',
        (data: { messages: number; notifications: number }) =>
          data.messages === 0 && data.notifications === 1,
      ),
    );
  });

  it('sends the new counts when notifications are marked read', async () => {
    const [author, fan] = [await member(), await member()];
    await as.post(`/api/users/${author.id}/follow`, fan);
    const authorStream = await stream(author);
    // The first counts, not the last item: under load a heartbeat can already have followed them.
    expect(authorStream.items.find(event('unread'))?.data).toEqual({
      notifications: 1,
      messages: 0,
    });

    await live.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: author.headers,
    });

    await authorStream.next(
      event('unread', (data: { notifications: number }) => data.notifications === 0),
    );
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const quiet = await stream(await member());
    const heartbeat = await quiet.next((item) => item.comment === 'heartbeat', HEARTBEAT_MS * 10);
    expect(heartbeat.event).toBeUndefined();
  });

  it('replays what was missed since Last-Event-ID', async () => {
    const [author, fan] = [await member(), await member()];
    const whisp = await as.whisp(author, 'While you were away');
    const first = await stream(author);
    const lastSeen = first.items.find((item) => item.event === 'unread')?.id ?? '';
    first.close();

    await as.post(`/api/posts/${whisp.id}/like`, fan);
    await as.post(`/api/messages`, fan, { recipient_id: author.id, content: 'Saw it?' });

    const resumed = await openEventStream(`${live.baseUrl}/api/events?token=${author.token}`, {
      'last-event-id': lastSeen,
    });
    open.push(resumed);
    const missed = await resumed.next(event('unread'));
    expect(missed.data).toEqual({ notifications: 2, messages: 1 });
    const replayed = resumed.items.filter((item) => item.event && item.event !== 'unread');
    expect(replayed.map((item) => item.event)).toEqual(['notification', 'message', 'notification']);
    expect(replayed[0]?.data).toMatchObject({ notification_type: 'like' });
    const ids = replayed.map((item) => Number(item.id));
    expect(ids.every((id) => id > Number(lastSeen))).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('never writes the token of the query into the logs', async () => {
    const someone = await member();
    await stream(someone);
    expect(logs.text()).toContain('/api/events?token=[redacted]');
    expect(logs.text()).not.toContain(someone.token);
  });
});

describe('shutting down with streams open', () => {
  it('ends every stream, so app.close() is not held up', async () => {
    const live = await createLiveTestApp();
    const someone = await registerMember(live.app);
    const streams = [
      await openEventStream(`${live.baseUrl}/api/events?token=${someone.token}`),
      await openEventStream(`${live.baseUrl}/api/events`, someone.headers),
    ];
    for (const opened of streams) await opened.next((item) => item.event === 'unread');
    expect(live.app.liveEvents.hub.size).toBe(2);

    await live.close();

    await Promise.all(streams.map((opened) => opened.ended));
    expect(live.app.liveEvents.hub.size).toBe(0);
  });
});

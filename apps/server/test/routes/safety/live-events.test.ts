import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../../members.js';
import { createLiveTestApp, type LiveTestApp } from '../events/live-app.js';
import { type OpenStream, openEventStream, type StreamItem } from '../events/sse.js';
import { asMember } from '../posts/client.js';

// Safety (1.1): a blocked or muted member's doings never reach the blocker's or muter's open
// event stream, nor do notifications about whisps holding a muted word.

describe('live events and safety', () => {
  let live: LiveTestApp;
  let as: ReturnType<typeof asMember>;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    live = await createLiveTestApp({ heartbeatMs: 200 });
    as = asMember(live.app);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await live.close();
  });

  const member = () => registerMember(live.app);
  async function stream(who: TestMember) {
    const opened = await openEventStream(
      `${live.baseUrl}/api/events?token=${encodeURIComponent(who.token)}`,
    );
    open.push(opened);
    await opened.next((item) => item.event === 'unread');
    return opened;
  }
  const notificationFrom = (actor: TestMember) => (item: StreamItem) =>
    item.event === 'notification' && (item.data as { actor: { id: string } }).actor.id === actor.id;

  it('delivers nothing from a member the recipient blocks, or who blocks them; a mention included', async () => {
    const [me, blocked, blocker, friend] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const mine = await as.whisp(me, 'watch this');
    expect((await as.post(`/api/users/${blocked.id}/block`, me)).statusCode).toBe(200);
    expect((await as.post(`/api/users/${me.id}/block`, blocker)).statusCode).toBe(200);
    const events = await stream(me);

    await as.whisp(blocked, `hey @${me.username}`);
    await as.whisp(blocker, `hey @${me.username}`);
    // Refused outright, so nothing to deliver either.
    expect((await as.post(`/api/posts/${mine.id}/like`, blocked)).statusCode).toBe(403);
    // A control: a friend's mention does arrive, after the others were sent.
    await as.whisp(friend, `hey @${me.username}`);
    const first = await events.next((item) => item.event === 'notification', 2_000);
    expect((first.data as { actor: { id: string } }).actor.id).toBe(friend.id);
  });

  it('delivers nothing from a muted member, nor about a whisp holding a muted word', async () => {
    const [me, muted, friend] = [await member(), await member(), await member()];
    expect((await as.post(`/api/users/${muted.id}/mute`, me)).statusCode).toBe(200);
    const word = `quiet${Date.now().toString(36)}`;
    expect((await as.post('/api/users/me/muted-words', me, { word })).statusCode).toBe(201);
    const events = await stream(me);

    await as.whisp(muted, `hey @${me.username}`);
    await as.whisp(friend, `@${me.username} ${word.toUpperCase()}!`);
    await as.whisp(friend, `@${me.username} all good`);
    const first = await events.next(notificationFrom(friend), 2_000);
    expect(first.data).toMatchObject({ notification_type: 'mention' });
    expect((first.data as { post: { content: string } }).post.content).toContain('all good');
    // The muted ones are kept (unmuting shows them), but never announced nor counted.
    const unread = (await as.get('/api/notifications', me)).json().data.unread_count;
    expect(unread).toBe(1);
  });
});

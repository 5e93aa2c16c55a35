import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../members.js';
import { createLiveTestApp, type LiveTestApp } from '../events/live-app.js';
import { type OpenStream, openEventStream } from '../events/sse.js';
import { asMember } from '../posts/client.js';

// Privacy and preferences (1.2): a notification type the member turned off never reaches their
// open event stream either.

describe('live events and notification switches', () => {
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

  it('sends nothing of a type turned off; the other types still arrive', async () => {
    const [me, fan] = [await registerMember(live.app), await registerMember(live.app)];
    const switched = await live.app.inject({
      method: 'PATCH',
      url: '/api/users/me/preferences',
      headers: me.headers,
      payload: { notifications: { like: false, mention: false } },
    });
    expect(switched.statusCode).toBe(200);
    const mine = await as.whisp(me, 'like me');
    const events = await openEventStream(
      `${live.baseUrl}/api/events?token=${encodeURIComponent(me.token)}`,
    );
    open.push(events);
    await events.next((item) => item.event === 'unread');

    expect((await as.post(`/api/posts/${mine.id}/like`, fan)).statusCode).toBe(200);
    await as.whisp(fan, `hey @${me.username}`);
    // A control sent after the others: the first notification to arrive must be it.
    expect((await as.post(`/api/posts/${mine.id}/rewhisp`, fan)).statusCode).toBe(200);
    const first = await events.next((item) => item.event === 'notification', 2_000);
    expect(first.data).toMatchObject({ notification_type: 'rewhisp' });
  });
});

import http from 'node:http';
import { createRestAPIClient, createStreamingAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/server-process.mjs';
import { testConfig } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { openTwoInstances, type TwoInstances } from '../two-instances.js';
import { signInWithApp } from './sign-in.js';

// Streaming (Mastodon client API 1.2) over a real WebSocket, through masto.js's and megalodon's
// streaming clients, on two instances of the server sharing one database and the live event bus:
// what is written through one instance reaches streams open on the other.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every event a subscription brings, kept as it comes, to wait for the one a test expects. */
function collect(subscription: mastodon.streaming.Subscription) {
  const seen: mastodon.streaming.Event[] = [];
  void (async () => {
    for await (const event of subscription) seen.push(event);
  })().catch(() => {});
  return {
    seen,
    async waitFor(wanted: (event: mastodon.streaming.Event) => boolean, withinMs = 10_000) {
      for (const started = Date.now(); Date.now() - started < withinMs; await sleep(50)) {
        const found = seen.find(wanted);
        if (found) return found;
      }
      throw new Error(`no such event within ${withinMs} ms`);
    },
  };
}

/** Writes warm-up whisps until the stream shows one: it is open and subscribed from then on. */
async function untilStreaming(
  events: ReturnType<typeof collect>,
  write: () => Promise<mastodon.v1.Status>,
) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const { id } = await write();
    try {
      await events.waitFor((event) => event.event === 'update' && event.payload.id === id, 500);
      return;
    } catch {
      // Not yet open: masto.js connects a moment after the first events are asked for.
    }
  }
  throw new Error('the stream never opened');
}

/** The HTTP status a WebSocket upgrade is answered with (101 when it is accepted). */
function upgradeStatus(url: string) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(101);
    });
    request.on('error', reject);
  });
}

describe('Mastodon apps: streaming', () => {
  let instances: TwoInstances;
  let urlA: string;
  let urlB: string;
  let alice: TestMember;
  let bob: TestMember;
  let aliceApp: mastodon.rest.Client;
  let bobToken: string;
  const streams: mastodon.streaming.Client[] = [];

  const streamOn = (url: string, accessToken: string) => {
    const client = createStreamingAPIClient({
      streamingApiUrl: url.replace(/^http/, 'ws'),
      accessToken,
      retry: false,
    });
    streams.push(client);
    return client;
  };

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    urlA = `http://127.0.0.1:${portA}`;
    urlB = `http://127.0.0.1:${portB}`;
    instances = await openTwoInstances({
      config: { mail: { ...testConfig().mail, publicUrl: urlA } },
    });
    await instances.a.listen({ host: '127.0.0.1', port: portA });
    await instances.b.listen({ host: '127.0.0.1', port: portB });
    alice = await registerMember(instances.a);
    bob = await registerMember(instances.a);
    aliceApp = createRestAPIClient({
      url: urlA,
      accessToken: (await signInWithApp(urlA, alice)).accessToken,
    });
    bobToken = (await signInWithApp(urlA, bob)).accessToken;
    const followed = await instances.a.inject({
      method: 'POST',
      url: `/api/users/${alice.id}/follow`,
      headers: bob.headers,
    });
    expect(followed.statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const client of streams) client.close();
    await instances?.close();
  });

  it('answers its health check, and refuses a socket without a valid token', async () => {
    expect(await (await fetch(`${urlA}/api/v1/streaming/health`)).text()).toBe('OK');
    // None, a forged one, and the web app's own session.
    for (const query of ['', '?access_token=forged', `?access_token=${bob.token}`]) {
      expect(await upgradeStatus(`${urlA}/api/v1/streaming${query}`), query).toBe(401);
    }
  });

  it('streams a followed member’s new status, its edit and its deletion, across instances', async () => {
    // Bob listens on instance B; Alice writes through instance A.
    const home = collect(streamOn(urlB, bobToken).user.subscribe());
    await untilStreaming(home, () => aliceApp.v1.statuses.create({ status: 'Warming up' }));
    const written = await aliceApp.v1.statuses.create({ status: 'Live from A' });
    const update = await home.waitFor(
      (event) => event.event === 'update' && event.payload.id === written.id,
    );
    expect(update.event === 'update' && update.payload.content).toBe('<p>Live from A</p>');

    await aliceApp.v1.statuses.$select(written.id).update({ status: 'Edited on A' });
    const edited = await home.waitFor((event) => event.event === 'status.update');
    expect(edited.event === 'status.update' && edited.payload.content).toBe('<p>Edited on A</p>');

    await aliceApp.v1.statuses.$select(written.id).remove();
    const deleted = await home.waitFor(
      (event) => event.event === 'delete' && event.payload === written.id,
    );
    expect(deleted.payload).toBe(written.id);
  });

  it('streams a notification to megalodon’s user stream', async () => {
    const megalodon = generator('mastodon', urlB, bobToken);
    const socket = await megalodon.userStreaming();
    const notified = new Promise<{ type: string; account: { username: string } }>(
      (resolve, reject) => {
        socket.on('notification', resolve);
        socket.on('error', reject);
        setTimeout(() => reject(new Error('no notification within 10 s')), 10_000);
      },
    );
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const bobStatus = await createRestAPIClient({
      url: urlA,
      accessToken: bobToken,
    }).v1.statuses.create({
      status: 'Notice me',
    });
    await aliceApp.v1.statuses.$select(bobStatus.id).favourite();
    const notification = await notified;
    socket.stop();
    expect(notification.type).toBe('favourite');
    expect(notification.account.username).toBe(alice.username);
  });

  it('streams public and hashtag statuses, never a blocked member’s', async () => {
    const carol = await registerMember(instances.a);
    const carolToken = (await signInWithApp(urlA, carol)).accessToken;
    const client = streamOn(urlB, carolToken);
    const everyone = collect(client.public.subscribe());
    const tagged = collect(client.hashtag.subscribe({ tag: 'Live' }));
    // Carol blocks Bob: his whisps never reach her.
    await instances.a.inject({
      method: 'POST',
      url: `/api/users/${bob.id}/block`,
      headers: carol.headers,
    });
    await untilStreaming(tagged, () => aliceApp.v1.statuses.create({ status: 'Warm #live' }));
    await createRestAPIClient({ url: urlA, accessToken: bobToken }).v1.statuses.create({
      status: 'Blocked #live',
    });
    const written = await aliceApp.v1.statuses.create({ status: 'Everyone #live' });
    for (const stream of [everyone, tagged]) {
      const seen = await stream.waitFor(
        (event) => event.event === 'update' && event.payload.id === written.id,
      );
      expect(seen.stream[0]).toBe(stream === tagged ? 'hashtag' : 'public');
      const fromBob = stream.seen.filter(
        (event) => event.event === 'update' && event.payload.account.username === bob.username,
      );
      expect(fromBob).toEqual([]);
    }
  });

  it('ends a stream when the member revokes its app', async () => {
    const dora = await registerMember(instances.a);
    const { accessToken } = await signInWithApp(urlA, dora);
    const socket = new WebSocket(
      `${urlB.replace(/^http/, 'ws')}/api/v1/streaming?stream=user`,
      accessToken,
    );
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    expect(socket.protocol).toBe(accessToken);
    const closed = new Promise<number>((resolve) => {
      socket.onclose = (event) => resolve(event.code);
    });
    const apps = await instances.a.inject({
      method: 'GET',
      url: '/api/users/me/apps',
      headers: dora.headers,
    });
    await instances.a.inject({
      method: 'DELETE',
      url: `/api/users/me/apps/${apps.json().data[0].id}`,
      headers: dora.headers,
    });
    expect(await closed).toBe(1008);
  });
});

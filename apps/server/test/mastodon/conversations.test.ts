import {
  createRestAPIClient,
  createStreamingAPIClient,
  MastoHttpError,
  type mastodon,
} from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { freePort } from '../../test-support/server-process.mjs';
import { testConfig } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';
import { openTwoInstances, type TwoInstances } from '../two-instances.js';
import { signInWithApp } from './sign-in.js';

// Direct messages through the Mastodon client API (1.2): a direct status to one member is a
// Whisp message, Whisp's conversations are Mastodon conversations (masto.js and megalodon read
// them), Whisp's own rules refuse what they refuse, and the `direct` stream tells of a message
// written through either API. Two instances on one database, as the streaming tests run: what is
// sent through one reaches streams open on the other.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a masto.js call was refused with. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof MastoHttpError)
      return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the call was not refused');
}

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

/** Whisp's own API, as the web app calls it with the member's session. */
async function whisp(
  app: App,
  member: TestMember,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: member.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

describe('Mastodon apps: direct messages and conversations', () => {
  let instances: TwoInstances;
  let urlA: string;
  let urlB: string;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let aliceApp: mastodon.rest.Client;
  let bobApp: mastodon.rest.Client;
  let carolApp: mastodon.rest.Client;
  let bobToken: string;
  const streams: mastodon.streaming.Client[] = [];

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
    carol = await registerMember(instances.a);
    aliceApp = createRestAPIClient({
      url: urlA,
      accessToken: (await signInWithApp(urlA, alice)).accessToken,
    });
    bobToken = (await signInWithApp(urlA, bob)).accessToken;
    bobApp = createRestAPIClient({ url: urlA, accessToken: bobToken });
    carolApp = createRestAPIClient({
      url: urlA,
      accessToken: (await signInWithApp(urlA, carol)).accessToken,
    });
  }, 60_000);
  afterAll(async () => {
    for (const client of streams) client.close();
    await instances?.close();
  });

  it('sends a direct status to one member as a Whisp message, in both members’ conversations', async () => {
    const sent = await aliceApp.v1.statuses.create({
      status: `@${bob.username} Lunch at noon?`,
      visibility: 'direct',
    });
    expect(sent.visibility).toBe('direct');
    expect(sent.id).toMatch(/^[1-9][0-9]{17}$/);
    expect(sent.account.username).toBe(alice.username);
    expect(sent.mentions.map((mention) => mention.username)).toEqual([bob.username]);
    // The leading mention addresses it: the message is what follows.
    expect(sent.content).toBe('<p>Lunch at noon?</p>');

    // Bob's web app reads it in Whisp's own Messages, unread.
    const [conversation] = await whisp(instances.a, bob, 'GET', '/api/messages/conversations');
    expect(conversation.other_participant_id).toBe(alice.id);
    expect(conversation.unread_count).toBe(1);
    const messages = await whisp(
      instances.a,
      bob,
      'GET',
      `/api/messages/conversations/${conversation.id}/messages`,
    );
    expect(messages.map((message: { content: string }) => message.content)).toEqual([
      'Lunch at noon?',
    ]);

    // Both members' apps list the conversation, each with the other member.
    const [bobs] = await bobApp.v1.conversations.list();
    const [alices] = await aliceApp.v1.conversations.list();
    expect(bobs?.accounts.map((account) => account.username)).toEqual([alice.username]);
    expect(alices?.accounts.map((account) => account.username)).toEqual([bob.username]);
    expect(bobs?.id).toBe(alices?.id);
    expect(bobs?.unread).toBe(true);
    expect(alices?.unread).toBe(false);
    expect(bobs?.lastStatus?.id).toBe(sent.id);
    // The message is a status its two members read by id, and nobody else.
    expect((await bobApp.v1.statuses.$select(sent.id).fetch()).content).toBe(sent.content);
    expect((await refusal(carolApp.v1.statuses.$select(sent.id).fetch())).status).toBe(404);
  });

  it('lists a message sent through Whisp’s own API, newest first, paged by megalodon', async () => {
    const dora = await registerMember(instances.a);
    await whisp(instances.a, dora, 'POST', '/api/messages', {
      recipient_id: bob.id,
      content: 'Hello from the web app',
    });
    const megalodon = generator('mastodon', urlA, bobToken);
    const first = await megalodon.getConversationTimeline({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.data[0]?.accounts[0]?.username).toBe(dora.username);
    expect(first.data[0]?.last_status?.content).toBe('<p>Hello from the web app</p>');
    expect(first.data[0]?.last_status?.visibility).toBe('direct');
    // The next page, by its Link header's max_id: the older conversation with Alice.
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    const maxId = new URL(next).searchParams.get('max_id') ?? '';
    const older = await megalodon.getConversationTimeline({ limit: 1, max_id: maxId });
    expect(older.data.map((entry) => entry.accounts[0]?.username)).toEqual([alice.username]);
  });

  it('refuses what Whisp’s messages refuse, and any other direct status, with 422', async () => {
    await whisp(instances.a, carol, 'PATCH', '/api/users/me/preferences', {
      messages_from: 'nobody',
    });
    const later = new Date(Date.now() + 24 * 3600_000).toISOString();
    const cases: [{ status: string; spoilerText?: string; scheduledAt?: string }, string][] = [
      [{ status: `@${carol.username} hi` }, `@${carol.username} doesn't accept messages from you.`],
      [
        { status: `@${bob.username} @${carol.username} both of you` },
        'A direct status is a Whisp message: mention exactly one member (@username) to send it to.',
      ],
      [
        { status: 'nobody named' },
        'A direct status is a Whisp message: mention exactly one member (@username) to send it to.',
      ],
      [
        { status: '@nobody_by_this_name hi' },
        '@nobody_by_this_name is not a member here: a direct status goes to one member of this server.',
      ],
      [
        { status: `@${bob.username}@elsewhere.example hi` },
        `@${bob.username}@elsewhere.example is not a member here: a direct status goes to one member of this server.`,
      ],
      [
        { status: `@${bob.username} look`, spoilerText: 'spoilers' },
        'A direct status is a Whisp message, which holds text only: no media, poll or content warning.',
      ],
      [{ status: `@${bob.username}` }, 'Message cannot be empty'],
      // Never scheduled as a whisp that everyone could read.
      [
        { status: `@${bob.username} tomorrow`, scheduledAt: later },
        'Whisp cannot schedule a direct status: send it from Whisp’s Messages when it should be read.',
      ],
    ];
    for (const [params, message] of cases) {
      const refused = await refusal(
        aliceApp.v1.statuses.create({ ...params, visibility: 'direct' }),
      );
      expect(refused, params.status).toEqual({ status: 422, message });
    }
    // Nothing was sent to Carol.
    expect(await whisp(instances.a, carol, 'GET', '/api/messages/conversations')).toEqual([]);
  });

  it('marks a conversation read for Whisp’s app too, and removes it until a new message', async () => {
    const conversation = (await bobApp.v1.conversations.list({ limit: 40 })).find(
      (entry) => entry.accounts[0]?.username === alice.username,
    );
    if (!conversation) throw new Error('no conversation with Alice');
    const read = await bobApp.v1.conversations.$select(conversation.id).read();
    expect(read.unread).toBe(false);
    const conversations = await whisp(instances.a, bob, 'GET', '/api/messages/conversations');
    const withAlice = conversations.find(
      (entry: { other_participant_id: string }) => entry.other_participant_id === alice.id,
    );
    expect(withAlice.unread_count).toBe(0);
    // Someone else's conversation does not exist for Carol.
    expect((await refusal(carolApp.v1.conversations.$select(conversation.id).read())).status).toBe(
      404,
    );

    await bobApp.v1.conversations.$select(conversation.id).remove();
    const listed = async () =>
      (await bobApp.v1.conversations.list()).map((entry) => entry.id).includes(conversation.id);
    expect(await listed()).toBe(false);
    // A mention inside the sentence is kept, as written, and linked.
    const again = await aliceApp.v1.statuses.create({
      status: `Still there, @${bob.username}?`,
      visibility: 'direct',
    });
    expect(again.content).toMatch(
      /^<p>Still there, <span class="h-card"><a href="[^"]+" class="u-url mention">@<span>/,
    );
    expect(await listed()).toBe(true);
  });

  it('streams a conversation event on the direct stream, across instances', async () => {
    const stream = createStreamingAPIClient({
      streamingApiUrl: urlB.replace(/^http/, 'ws'),
      accessToken: bobToken,
      retry: false,
    });
    streams.push(stream);
    const direct = collect(stream.direct.subscribe());
    // Until the stream is open: a message written before it would not be streamed.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const sent = await aliceApp.v1.statuses.create({
        status: `@${bob.username} Ping ${attempt}`,
        visibility: 'direct',
      });
      try {
        const event = await direct.waitFor(
          (seen) => seen.event === 'conversation' && seen.payload.lastStatus?.id === sent.id,
          500,
        );
        expect(event.stream).toEqual(['direct']);
        if (event.event !== 'conversation') throw new Error('not a conversation');
        expect(event.payload.accounts.map((account) => account.username)).toEqual([alice.username]);
        expect(event.payload.unread).toBe(true);
        expect(event.payload.lastStatus?.content).toBe(`<p>Ping ${attempt}</p>`);
        return;
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('no such event')) throw error;
      }
    }
    throw new Error('the direct stream never told of a message');
  });

  it('keeps muted members and muted words off the stream, and deletes an undone reblog', async () => {
    const erin = await registerMember(instances.a);
    const erinAccount = await bobApp.v1.accounts.lookup({ acct: erin.username });
    await bobApp.v1.accounts.$select(erinAccount.id).mute();
    await whisp(instances.a, bob, 'POST', '/api/users/me/muted-words', { word: 'spoilers' });
    const stream = createStreamingAPIClient({
      streamingApiUrl: urlB.replace(/^http/, 'ws'),
      accessToken: bobToken,
      retry: false,
    });
    streams.push(stream);
    const everyone = collect(stream.public.subscribe());
    for (let attempt = 0; ; attempt += 1) {
      if (attempt === 40) throw new Error('the stream never opened');
      const warm = await aliceApp.v1.statuses.create({ status: `Warming up ${attempt}` });
      try {
        await everyone.waitFor(
          (event) => event.event === 'update' && event.payload.id === warm.id,
          500,
        );
        break;
      } catch {
        // Not open yet.
      }
    }
    await whisp(instances.a, erin, 'POST', '/api/posts', { content: 'Muted whisper' });
    const worded = await aliceApp.v1.statuses.create({ status: 'Season finale Spoilers ahead' });
    const after = await aliceApp.v1.statuses.create({ status: 'After the muted ones' });
    await everyone.waitFor((event) => event.event === 'update' && event.payload.id === after.id);
    // Each event is read on its own: give the muted ones as long again to arrive, were they sent.
    await sleep(500);
    const muted = everyone.seen.filter(
      (event) =>
        event.event === 'update' &&
        (event.payload.account.username === erin.username || event.payload.id === worded.id),
    );
    expect(muted).toEqual([]);

    // An undone reblog leaves timelines as a deleted status does.
    const reblog = await aliceApp.v1.statuses.$select(after.id).reblog();
    await aliceApp.v1.statuses.$select(after.id).unreblog();
    await everyone.waitFor((event) => event.event === 'delete' && event.payload === reblog.id);
  });
});

import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';

// The network that test/db/transfer.test.ts moves from the embedded database to PostgreSQL, and
// the pages it compares before and after.

const png = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

/** Requests as members; every answer must be a success, so two failures never compare equal. */
export function client(app: App) {
  const send = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: TestMember,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...who.headers, ...headers },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json();
  };
  return {
    get: (url: string, who: TestMember) => send('GET', url, who),
    /** A multipart upload of one file. */
    upload: (url: string, who: TestMember, form: ReturnType<typeof multipartFile>) =>
      send('POST', url, who, form.payload, form.headers),
    post: (url: string, who: TestMember, payload?: object, headers?: Record<string, string>) =>
      send('POST', url, who, payload, headers),
    patch: (url: string, who: TestMember, payload?: object) => send('PATCH', url, who, payload),
  };
}

export interface Network {
  members: { alice: TestMember; bob: TestMember; carol: TestMember };
  /** Alice's first token, revoked by signing out: it must stay dead after the move. */
  signedOutToken: string;
  whispId: string;
  conversationId: string;
}

/** A small network with one of everything the server stores, built through HTTP. */
export async function buildNetwork(app: App): Promise<Network> {
  const as = client(app);
  const alice = await registerMember(app, { display_name: 'Alice Ö', bio: 'Moving up 🚀' });
  const [bob, carol] = [await registerMember(app), await registerMember(app)];
  const signedIn = await as.post('/api/auth/login', alice, {
    email: alice.email,
    password: alice.password,
  });
  const token = signedIn.data.token as string;
  await as.post('/api/auth/logout', alice);
  const signedOutToken = alice.token;
  Object.assign(alice, { token, headers: { authorization: `Bearer ${token}` } });

  const avatar = multipartFile('avatar', 'me.png', 'image/png', await png('#7c3aed'));
  await as.upload('/api/users/avatar', alice, avatar);
  const image = multipartFile('media', 'view.png', 'image/png', await png('#0ea5e9'));
  const uploaded = await as.upload('/api/posts/media', alice, image);
  const whisp = await as.post(
    '/api/posts',
    alice,
    {
      content: `Packing for PostgreSQL #moving @${bob.username}`,
      // A description, so the move is seen to keep media_alts beside media_keys.
      media: [{ url: uploaded.media_urls[0], alt: 'A sky-blue square, packed for the move' }],
    },
    { 'idempotency-key': 'first-whisp' },
  );
  const whispId = whisp.data.id as string;
  const bobs = await as.post('/api/posts', bob, { content: 'Same here #moving' });

  await as.post(`/api/users/${alice.id}/follow`, bob);
  await as.post(`/api/users/${alice.id}/follow`, carol);
  await as.post(`/api/users/${bob.id}/follow`, alice);
  await as.post(`/api/posts/${whispId}/like`, bob);
  await as.post(`/api/posts/${whispId}/like`, carol);
  await as.post(`/api/posts/${bobs.data.id}/like`, alice);
  await as.post(`/api/posts/${whispId}/rewhisp`, carol, { comment: null });
  const reply = await as.post(`/api/posts/${whispId}/reply`, bob, { content: 'Good luck!' });
  await as.post(`/api/posts/${reply.data.id}/reply`, alice, { content: 'Thanks 🙏' });
  await as.post(`/api/posts/${whispId}/bookmark`, bob);
  await as.post(`/api/posts/${bobs.data.id}/bookmark`, alice);
  await as.post(`/api/posts/${bobs.data.id}/report`, carol, { reason: 'spam' });

  const first = await as.post('/api/messages', bob, {
    recipient_id: alice.id,
    content: 'Moving too?',
  });
  await as.post('/api/messages', alice, { recipient_id: bob.id, content: 'Yes, to PostgreSQL' });
  await as.post('/api/messages', bob, { recipient_id: alice.id, content: 'See you there' });
  await as.patch('/api/messages/read', alice, { message_ids: [first.data.id] });
  const { data } = await as.get('/api/notifications', alice);
  await as.patch(`/api/notifications/${data.notifications[0].id}/read`, alice);
  await as.post('/api/support', carol, {
    category: 'general',
    priority: 'low',
    subject: 'Hello',
    description: 'Just saying hi',
    include_system_info: true,
    system_info: { browser: 'Firefox 140', screen: { width: 1920, height: 1080 } },
  });
  return {
    members: { alice, bob, carol },
    signedOutToken,
    whispId,
    conversationId: first.data.conversation_id,
  };
}

/** What each member sees on every page that shows stored data, and the bytes of every image. */
export async function lookAround(app: App, network: Network) {
  const as = client(app);
  const { alice, bob, carol } = network.members;
  const seen: Record<string, unknown> = {};
  for (const who of [alice, bob, carol]) {
    const pages = [
      '/api/users/me',
      '/api/posts/following',
      '/api/posts/timeline',
      '/api/posts/public',
      '/api/notifications',
      '/api/messages/conversations',
      '/api/messages/unread-count',
      '/api/bookmarks',
      '/api/search?q=moving',
      '/api/search/hashtag/moving',
      '/api/trends',
      `/api/posts/${network.whispId}`,
      `/api/posts/${network.whispId}/replies`,
      ...['posts', 'media', 'likes', 'rewhisps', 'bookmarks'].map(
        (tab) => `/api/users/${who.id}/posts?tab=${tab}`,
      ),
      ...[alice, bob, carol].map((other) => `/api/users/profile/${other.username}`),
      ...[alice, bob, carol].map((other) => `/api/users/${other.id}/followers`),
    ];
    for (const page of pages) seen[`${who.username} ${page}`] = await as.get(page, who);
  }
  seen.conversation = await as.get(
    `/api/messages/conversations/${network.conversationId}/messages`,
    alice,
  );

  const me = seen[`${alice.username} /api/users/me`] as { data: { profile_picture_url: string } };
  const whisp = seen[`${alice.username} /api/posts/${network.whispId}`] as {
    data: { media_urls: string[] };
  };
  for (const url of [me.data.profile_picture_url, ...whisp.data.media_urls]) {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, `GET ${url}`).toBe(200);
    seen[url] = response.rawPayload.toString('base64');
  }
  return seen;
}

import { DEFAULT_PREFERENCES, sniffMediaType } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { jsonOf, unzip } from './archive.js';
import { file, imageBytes } from './media.js';
import {
  act,
  expectError,
  follow,
  type Member,
  ok,
  reply,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

// GET /api/users/me/export: the whole account as a zip, read back here as a member would unzip it.

const FILES = [
  'manifest.json',
  'account.json',
  'whisps.json',
  'following.json',
  'followers.json',
  'bookmarks.json',
  'likes.json',
  'blocks.json',
  'mutes.json',
  'muted_words.json',
  'messages.json',
];

async function uploadImage(target: Target, member: Member) {
  const body = ok(
    await target.call('POST', '/api/posts/media', {
      token: member.token,
      form: [file('media', 'heron.png', 'image/png', await imageBytes('png', 12))],
    }),
  );
  return body.media_urls[0] as string;
}

async function exportOf(target: Target, member: Member) {
  const answer = await target.call('GET', '/api/users/me/export', { token: member.token });
  expect(answer.status).toBe(200);
  return { answer, entries: await unzip(answer.bytes) };
}

describe.each(TARGETS)('account export (%s)', (name) => {
  const target = useTarget(name);

  it('answers a zip attachment holding every file of the account', async () => {
    const ada = await signUp(target);
    const { answer, entries } = await exportOf(target, ada);
    expect(answer.headers['content-type']).toMatch(/^application\/zip/);
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="whisp-${ada.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    // The format marker comes first, so an import can tell a Whisp export from any other zip.
    expect([...entries.keys()].slice(0, FILES.length)).toEqual(FILES);
    expect(jsonOf(entries, 'manifest.json')).toMatchObject({
      format: 'whisp-account-export',
      version: 1,
      account: { id: ada.id, username: ada.username },
    });
    const account = jsonOf(entries, 'account.json');
    expect(account.user).toMatchObject({ id: ada.id, username: ada.username, email: ada.email });
    expect(account.settings).toEqual({
      is_private: false,
      banner_position_x: 50,
      banner_position_y: 50,
      preferences: DEFAULT_PREFERENCES,
    });
    for (const list of FILES.slice(2)) expect(jsonOf(entries, list)).toEqual([]);
  });

  it('holds the whisps, replies and rewhisps with their dates and media, and the lists', async () => {
    const ada = await signUp(target);
    const ben = await signUp(target);
    const tag = uniqueWord('tag');
    const benWhisp = await whisp(target, ben, `Ben thinking out loud #${tag}`);
    const picture = await uploadImage(target, ada);
    const own = await whisp(target, ada, 'A heron at dawn', {
      media: [{ url: picture, alt: 'A grey heron' }],
    });
    const answer = await reply(target, ada, benWhisp.id, 'Lovely');
    await act(target, ada, benWhisp.id, 'rewhisp');
    await act(target, ada, benWhisp.id, 'like');
    await act(target, ada, benWhisp.id, 'bookmark');
    await follow(target, ada, ben);
    await follow(target, ben, ada);
    ok(
      await target.call('POST', '/api/messages', {
        token: ada.token,
        json: { recipient_id: ben.id, content: 'Hello Ben' },
      }),
      201,
    );
    ok(
      await target.call('POST', '/api/messages', {
        token: ben.token,
        json: { recipient_id: ada.id, content: 'Hello Ada' },
      }),
      201,
    );

    const { entries } = await exportOf(target, ada);
    const whisps = jsonOf(entries, 'whisps.json');
    expect(whisps).toHaveLength(3);
    const [first, second, third] = whisps;
    const mediaPath = `media/${picture.split('/').pop()}`;
    expect(first).toEqual({
      id: own.id,
      content: 'A heron at dawn',
      created_at: own.created_at,
      updated_at: expect.any(String),
      is_reply: false,
      reply_to: null,
      rewhisp_of: null,
      media: [{ path: mediaPath, alt: 'A grey heron' }],
      reply_settings: { can_reply: 'everyone', can_repost: true },
    });
    expect(second).toMatchObject({
      id: answer.id,
      content: 'Lovely',
      is_reply: true,
      reply_to: { id: benWhisp.id, author_username: ben.username },
    });
    expect(third).toMatchObject({
      content: '',
      rewhisp_of: { id: benWhisp.id, author_username: ben.username },
    });
    // The file itself: the stored picture, recognised by its bytes.
    expect(sniffMediaType(entries.get(mediaPath) ?? new Uint8Array())).toMatch(/^image\//);

    expect(jsonOf(entries, 'following.json')).toEqual([
      { username: ben.username, created_at: expect.any(String) },
    ]);
    expect(jsonOf(entries, 'followers.json')).toEqual([
      { username: ben.username, created_at: expect.any(String) },
    ]);
    for (const list of ['likes.json', 'bookmarks.json']) {
      expect(jsonOf(entries, list)).toEqual([
        { post_id: benWhisp.id, author_username: ben.username, created_at: expect.any(String) },
      ]);
    }
    const [conversation] = jsonOf(entries, 'messages.json');
    expect(conversation).toMatchObject({ with_username: ben.username });
    expect(
      conversation.messages.map((m: { from_username: string; content: string }) => [
        m.from_username,
        m.content,
      ]),
    ).toEqual([
      [ada.username, 'Hello Ben'],
      [ben.username, 'Hello Ada'],
    ]);
  });

  it('holds nothing of another member but what they sent and their username', async () => {
    const ada = await signUp(target);
    const ben = await signUp(target, { display_name: 'Benedict Private', bio: 'Ben’s own bio' });
    const benWhisp = await whisp(target, ben, 'Words only Ben wrote');
    await act(target, ada, benWhisp.id, 'like');
    await act(target, ada, benWhisp.id, 'rewhisp');
    await follow(target, ada, ben);
    await follow(target, ben, ada);

    const { entries } = await exportOf(target, ada);
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const secret of [ben.email, 'Benedict Private', 'Ben’s own bio', 'Words only Ben wrote']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(ben.id);
  });

  it('holds the member’s blocks, mutes and muted words', async () => {
    const ada = await signUp(target);
    const ben = await signUp(target);
    const dan = await signUp(target);
    ok(await target.call('POST', `/api/users/${ben.id}/mute`, { token: ada.token }));
    ok(await target.call('POST', `/api/users/${dan.id}/block`, { token: ada.token }));
    ok(
      await target.call('POST', '/api/users/me/muted-words', {
        token: ada.token,
        json: { word: '#spoilers' },
      }),
      201,
    );
    const { entries } = await exportOf(target, ada);
    expect(jsonOf(entries, 'mutes.json')).toEqual([
      { username: ben.username, created_at: expect.any(String) },
    ]);
    expect(jsonOf(entries, 'blocks.json')).toEqual([
      { username: dan.username, created_at: expect.any(String) },
    ]);
    expect(jsonOf(entries, 'muted_words.json')).toEqual([
      { word: '#spoilers', created_at: expect.any(String) },
    ]);
  });

  it('needs a signed-in member', async () => {
    expectError(
      await target.call('GET', '/api/users/me/export'),
      401,
      'AUTHENTICATION_REQUIRED',
      'Authentication required',
    );
  });
});

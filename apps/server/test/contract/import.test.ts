import { describe, expect, it } from 'vitest';
import { archivedWhisp, archiveForm, importInto, manifest, zipOf } from './archive.js';
import { file, imageBytes, mp4Bytes } from './media.js';
import {
  type Answer,
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

// POST /api/users/me/import: an export brought to an account (here, another account on the same
// server, which is what moving servers looks like from the new one).

const INVALID = 'This file is not a Whisp export, or it is damaged. Nothing was imported.';

async function exportBytes(target: Target, member: Member) {
  const answer = await target.call('GET', '/api/users/me/export', { token: member.token });
  expect(answer.status).toBe(200);
  return answer.bytes;
}

async function postsOf(target: Target, viewer: Member, member: Member) {
  const body = ok(
    await target.call('GET', `/api/users/${member.id}/posts?tab=posts&limit=100`, {
      token: viewer.token,
    }),
  );
  return body.posts as {
    id: string;
    content: string;
    created_at: string;
    is_reply: boolean;
    reply_to_id: string | null;
    hashtags: string[];
    media: { alt: string | null; kind: string }[];
  }[];
}

const expectArchiveInvalid = (answer: Answer) =>
  expectError(answer, 400, 'ARCHIVE_INVALID', INVALID);

/** The zip with its entry `aa/evil.sh` renamed `../evil.sh` (zip tools refuse to write one). */
function climbingOut(zip: Uint8Array) {
  const bytes = Buffer.from(zip);
  const from = Buffer.from('aa/evil.sh');
  for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) {
    bytes.write('../evil.sh', at, 'latin1');
  }
  return new Uint8Array(bytes);
}

describe.each(TARGETS)('account import (%s)', (name) => {
  const target = useTarget(name);

  it('adds the whisps, replies, media and follows of an export, keeping their dates', async () => {
    const ada = await signUp(target);
    const ben = await signUp(target);
    const tag = uniqueWord('tag');
    const benWhisp = await whisp(target, ben, 'Ben’s whisp');
    const upload = ok(
      await target.call('POST', '/api/posts/media', {
        token: ada.token,
        form: [file('media', 'heron.png', 'image/png', await imageBytes('png', 12))],
      }),
    );
    const own = await whisp(target, ada, `Morning #${tag} with @${ben.username}`, {
      media: [{ url: upload.media_urls[0], alt: 'A grey heron' }],
    });
    await reply(target, ada, own.id, 'And a reply to myself');
    await reply(target, ada, benWhisp.id, 'A reply to Ben');
    await act(target, ada, benWhisp.id, 'rewhisp');
    await follow(target, ada, ben);

    const cleo = await signUp(target);
    const summary = ok(await importInto(target, cleo, await exportBytes(target, ada)));
    // The rewhisp points at someone else's whisp: it is the one entry left out.
    expect(summary).toEqual({
      success: true,
      data: { whisps: 3, media: 1, follows: 1, skipped: 1 },
    });

    const posts = await postsOf(target, cleo, cleo);
    const byContent = new Map(posts.map((post) => [post.content, post]));
    const morning = byContent.get(`Morning #${tag} with @${ben.username}`);
    expect(morning).toMatchObject({
      created_at: own.created_at,
      is_reply: false,
      hashtags: [tag],
      media: [{ alt: 'A grey heron', kind: 'image' }],
    });
    const ownReplies = ok(
      await target.call('GET', `/api/posts/${morning?.id}/replies`, { token: cleo.token }),
    );
    expect(ownReplies.posts).toMatchObject([
      { content: 'And a reply to myself', is_reply: true, reply_to_id: morning?.id },
    ]);
    // Ben's whisp is on this server: the reply still answers it.
    const benReplies = ok(
      await target.call('GET', `/api/posts/${benWhisp.id}/replies`, { token: cleo.token }),
    );
    expect(
      benReplies.posts.map((post: { author: { id: string }; content: string }) => [
        post.author.id,
        post.content,
      ]),
    ).toContainEqual([cleo.id, 'A reply to Ben']);
    const profile = ok(await target.call('GET', `/api/users/${cleo.id}`, { token: cleo.token }));
    expect(profile.data).toMatchObject({ posts_count: 3, following_count: 1 });
    const hashtag = ok(
      await target.call('GET', `/api/search/hashtag/${tag}`, { token: cleo.token }),
    );
    expect(hashtag.data.posts.map((post: { author: { id: string } }) => post.author.id)).toContain(
      cleo.id,
    );
  });

  it('adds nothing when the same archive comes again', async () => {
    const ada = await signUp(target);
    const ben = await signUp(target);
    await whisp(target, ada, 'Only once');
    await follow(target, ada, ben);
    const archive = await exportBytes(target, ada);
    const cleo = await signUp(target);
    ok(await importInto(target, cleo, archive));
    expect(ok(await importInto(target, cleo, archive)).data).toEqual({
      whisps: 0,
      media: 0,
      follows: 0,
      skipped: 2,
    });
    expect((await postsOf(target, cleo, cleo)).map((post) => post.content)).toEqual(['Only once']);
  });

  it('makes a whisp of a reply whose parent is not on this server', async () => {
    const cleo = await signUp(target);
    const archive = await zipOf({
      'manifest.json': manifest(),
      'whisps.json': JSON.stringify([
        archivedWhisp('old-1', 'Answering someone far away', {
          is_reply: true,
          reply_to: { id: 'somewhere-else', author_username: 'stranger' },
        }),
      ]),
    });
    expect(ok(await importInto(target, cleo, archive)).data).toEqual({
      whisps: 1,
      media: 0,
      follows: 0,
      skipped: 0,
    });
    const [post] = await postsOf(target, cleo, cleo);
    expect(post).toMatchObject({
      content: 'Answering someone far away',
      created_at: '2024-05-06T07:08:09.000Z',
      is_reply: false,
      reply_to_id: null,
    });
  });

  it('leaves out a whisp with neither words nor media', async () => {
    const cleo = await signUp(target);
    const archive = await zipOf({
      'manifest.json': manifest('empty-account'),
      'whisps.json': JSON.stringify([
        archivedWhisp('old-1', '  '),
        archivedWhisp('old-2', 'Words'),
      ]),
    });
    expect(ok(await importInto(target, cleo, archive)).data).toEqual({
      whisps: 1,
      media: 0,
      follows: 0,
      skipped: 1,
    });
  });

  it('refuses a foreign, damaged or hostile file with ARCHIVE_INVALID and writes nothing', async () => {
    const cleo = await signUp(target);
    const whisps = JSON.stringify([archivedWhisp('old-1', 'Should never appear')]);
    const genuine = await zipOf({ 'manifest.json': manifest(), 'whisps.json': whisps });
    const refused = [
      new TextEncoder().encode('not a zip at all'),
      genuine.slice(0, genuine.length - 30),
      await zipOf({ 'readme.txt': 'Some other program’s zip' }),
      await zipOf({ 'whisps.json': whisps }),
      await zipOf({ 'manifest.json': '{"format":"something-else"}', 'whisps.json': whisps }),
      await zipOf({ 'manifest.json': manifest(), 'whisps.json': '[{"id": 1}]' }),
      // A video beside a picture, which no whisp may show.
      await zipOf({
        'manifest.json': manifest(),
        'whisps.json': JSON.stringify([
          archivedWhisp('old-5', 'Two kinds', {
            media: [
              { path: 'media/clip.mp4', alt: null },
              { path: 'media/still.png', alt: null },
            ],
          }),
        ]),
        'media/clip.mp4': mp4Bytes(),
        'media/still.png': await imageBytes('png'),
      }),
      // Text PostgreSQL cannot store.
      await zipOf({
        'manifest.json': manifest(),
        'whisps.json': JSON.stringify([archivedWhisp('old-4', 'NUL \u0000 inside')]),
      }),
      // A file the import does not use, damaged all the same.
      await zipOf({ 'manifest.json': manifest(), 'whisps.json': whisps, 'messages.json': '{}' }),
      climbingOut(
        await zipOf({ 'manifest.json': manifest(), 'whisps.json': whisps, 'aa/evil.sh': 'x' }),
      ),
      await zipOf({
        'manifest.json': manifest(),
        'whisps.json': JSON.stringify([
          archivedWhisp('old-2', 'A picture that is not there', {
            media: [{ path: 'media/missing.webp', alt: null }],
          }),
        ]),
      }),
      await zipOf({
        'manifest.json': manifest(),
        'whisps.json': JSON.stringify([
          archivedWhisp('old-3', 'A picture that is text', {
            media: [{ path: 'media/fake.png', alt: null }],
          }),
        ]),
        'media/fake.png': 'just text',
      }),
    ];
    for (const bytes of refused) expectArchiveInvalid(await importInto(target, cleo, bytes));
    expect(await postsOf(target, cleo, cleo)).toEqual([]);
  });

  it('asks for the archive in its multipart field', async () => {
    const cleo = await signUp(target);
    expectError(
      await target.call('POST', '/api/users/me/import', {
        token: cleo.token,
        json: { archive: 'nope' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the archive as multipart/form-data in the "archive" field',
    );
    expectError(
      await target.call('POST', '/api/users/me/import', {
        token: cleo.token,
        form: archiveForm(new Uint8Array([1, 2, 3]), 'file'),
      }),
      400,
      'NO_FILE',
      'Please choose a Whisp export (.zip) in the "archive" field',
    );
  });
});

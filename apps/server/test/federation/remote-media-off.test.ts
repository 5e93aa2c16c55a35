import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDirectory } from '../../src/config.js';
import { registerMember, type TestMember } from '../members.js';
import { multipartFile } from '../multipart.js';
import { type FileOrigin, serveBytes, startFileOrigin } from './file-origin.js';
import { deliverSigned, noteOf } from './signed-activities.js';
import { eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

// WHISP_REMOTE_MEDIA=off: the operator keeps other servers' files off this one. Remote whisps
// show their text (their original is linked already), remote members their initials.
describe('remote media off (WHISP_REMOTE_MEDIA=off)', { timeout: 120_000 }, () => {
  let north: FederatedServer;
  let east: FederatedServer;
  let origin: FileOrigin;
  let alice: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    [north, east] = await Promise.all([
      startFederatedServer(),
      startFederatedServer({
        federation: { enabled: true, allowPrivateAddress: true, remoteMedia: 'off' },
      }),
    ]);
    alice = await registerMember(north.app, { username: 'alice' });
    carol = await registerMember(east.app, { username: 'carol' });
    const picture = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    origin = await startFileOrigin({ '/picture.png': serveBytes(picture, 'image/png') });
    const avatar = multipartFile('avatar', 'avatar.png', 'image/png', picture);
    const uploaded = await north.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { ...alice.headers, ...avatar.headers },
      payload: avatar.payload,
    });
    expect(uploaded.statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), east?.close(), origin?.close()]);
  });

  /** Every file in east's media directory (its temporary folder included). */
  function filesOnEast(directory = mediaDirectory(east.config)): string[] {
    if (!existsSync(directory)) return [];
    return readdirSync(directory, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  }

  it('shows a remote member without downloading their avatar', async () => {
    const found = await east.app.inject({
      method: 'GET',
      url: `/api/users/lookup?acct=alice@${north.host}`,
      headers: carol.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ username: 'alice', profile_picture_url: null });
    expect(filesOnEast()).toEqual([]);
  });

  it('keeps a remote whisp’s text and downloads none of its files', async () => {
    const noteId = `${north.url}/users/alice/whisps/00000000-0000-4000-8000-0000000000ff`;
    await deliverSigned(north, 'alice', `${east.url}/users/carol/inbox`, {
      id: `${noteId}/activity`,
      type: 'Create',
      actor: `${north.url}/users/alice`,
      to: 'https://www.w3.org/ns/activitystreams#Public',
      object: noteOf(north, 'alice', {
        id: noteId,
        content: `<p>Look, @carol@${east.host}</p>`,
        tag: [{ type: 'Mention', href: `${east.url}/users/carol`, name: `@carol@${east.host}` }],
        attachment: [
          {
            type: 'Image',
            mediaType: 'image/png',
            url: `${origin.url}/picture.png`,
            name: 'A violet rectangle',
          },
        ],
      }),
    });
    const whisp = await eventually(async () => {
      const row = await east.database.kysely
        .selectFrom('posts')
        .select('id')
        .where('uri', '=', noteId)
        .executeTakeFirstOrThrow();
      const read = await east.app.inject({
        method: 'GET',
        url: `/api/posts/${row.id}`,
        headers: carol.headers,
      });
      return read.json().data;
    });
    expect(whisp).toMatchObject({ content: `Look, @carol@${east.host}`, media: [] });
    expect(origin.requested).toEqual([]);
    expect(filesOnEast()).toEqual([]);
  });
});

import { createRestAPIClient } from 'masto';
import generator, { detector } from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../members.js';
import { asMember } from '../routes/posts/client.js';
import { startMastodonTestServer } from './server.js';

// Discovery (Mastodon client API 1.2), read by the Mastodon libraries apps are built on, masto.js
// and megalodon, over HTTP: what an app reads before it has a token.

describe('the instance, as Mastodon apps discover it', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let domain: string;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    domain = new URL(server.url).host;
    // Two members, one suspended, and three whisps: what the counts are made of.
    const api = asMember(server.app);
    const [ann, bob] = [await registerMember(server.app), await registerMember(server.app)];
    await api.whisp(ann, 'One');
    await api.whisp(ann, 'Two');
    await api.whisp(bob, 'Three, by someone suspended');
    await server.database.kysely
      .updateTable('users')
      .set({ suspended_at: new Date() })
      .where('id', '=', bob.id)
      .execute();
  });
  afterAll(() => server?.close());

  it('answers /api/v2/instance as masto.js reads it, its domain with the port', async () => {
    const masto = createRestAPIClient({ url: server.url });
    const instance = await masto.v2.instance.fetch();
    expect(instance).toMatchObject({
      domain,
      title: 'Whisp',
      version: expect.stringMatching(/^4\.2\.0 \(compatible; Whisp [\d.]+\)$/),
      usage: { users: { activeMonth: 1 } },
      registrations: { enabled: true, approvalRequired: false },
      apiVersions: { mastodon: 2 },
      contact: { email: '', account: null },
      rules: [],
    });
    expect(instance.configuration).toMatchObject({
      statuses: { maxCharacters: 500, maxMediaAttachments: 4 },
      mediaAttachments: {
        supportedMimeTypes: expect.arrayContaining(['image/jpeg', 'video/mp4']),
        imageSizeLimit: 10 * 1024 * 1024,
      },
      polls: { maxOptions: 4, maxCharactersPerOption: 50, minExpiration: 300 },
    });
    expect(new URL(instance.thumbnail.url).host).toBe(domain);
  });

  it('answers /api/v1/instance, consistent with v2', async () => {
    const masto = createRestAPIClient({ url: server.url });
    const instance = await masto.v1.instance.fetch();
    expect(instance).toMatchObject({
      uri: domain,
      version: (await masto.v2.instance.fetch()).version,
      // The suspended member and their whisp leave the counts.
      stats: { userCount: 1, statusCount: 2, domainCount: 0 },
      registrations: true,
    });
  });

  it('is detected as a Mastodon server by megalodon, through NodeInfo', async () => {
    expect(await detector(server.url)).toBe('mastodon');
    const client = generator('mastodon', server.url);
    const { data } = await client.getInstance();
    expect(data.uri).toBe(domain);
    expect(data.configuration.statuses.max_characters).toBe(500);
  });

  it('publishes NodeInfo 2.0 at the address /.well-known/nodeinfo gives', async () => {
    const links = (await (await fetch(`${server.url}/.well-known/nodeinfo`)).json()) as {
      links: { rel: string; href: string }[];
    };
    expect(links).toEqual({
      links: [
        {
          rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0',
          href: `${server.url}/nodeinfo/2.0`,
        },
      ],
    });
    const response = await fetch(links.links[0]?.href ?? '');
    expect(response.headers.get('content-type')).toContain(
      'nodeinfo.diaspora.software/ns/schema/2.0',
    );
    expect(await response.json()).toMatchObject({
      version: '2.0',
      software: { name: 'whisp' },
      openRegistrations: true,
      usage: { users: { total: 1, activeMonth: 1, activeHalfyear: 1 }, localPosts: 2 },
      metadata: { upstream: { name: 'mastodon' } },
    });
  });

  it('has no custom emojis', async () => {
    const masto = createRestAPIClient({ url: server.url });
    expect(await masto.v1.customEmojis.list()).toEqual([]);
  });

  it('lets a web client on any origin read it, with Authorization allowed and Link exposed', async () => {
    const origin = 'https://elk.example';
    const preflight = await fetch(`${server.url}/api/v2/instance`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    for (const path of ['/api/v2/instance', '/.well-known/nodeinfo', '/nodeinfo/2.0']) {
      const answer = await fetch(`${server.url}${path}`, { headers: { origin } });
      expect(answer.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(answer.headers.get('access-control-expose-headers'), path).toMatch(/\bLink\b/);
    }
  });

  it('keeps Whisp’s own API closed to other origins', async () => {
    const preflight = await fetch(`${server.url}/api/posts/following`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elk.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an unknown discovery path with a JSON 404', async () => {
    const answer = await fetch(`${server.url}/.well-known/unknown`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
  });
});

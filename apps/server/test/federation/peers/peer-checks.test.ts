import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningFlaws, signRequest } from './http-signature.js';
import type { Json } from './json-ld.js';
import * as mastodon from './mastodon-shapes.js';
import type { PeerMember } from './peer-member.js';
import { type FakePeer, startFakePeer } from './peer-server.js';

// The peers stand for Mastodon and GoToSocial in the interoperability tests, which conclude
// "every delivery verified" from what they accepted: here, that they refuse what those servers
// refuse. No Whisp server is needed; the peer receives from its own members.
describe('the fake peers’ signature checks', () => {
  let peer: FakePeer;
  let gotosocial: FakePeer;

  beforeAll(async () => {
    [peer, gotosocial] = await Promise.all([
      startFakePeer({
        flavour: 'mastodon',
        members: [
          { username: 'mona', name: 'Mona' },
          { username: 'max', name: 'Max' },
        ],
      }),
      startFakePeer({ flavour: 'gotosocial', members: [{ username: 'gus', name: 'Gus' }] }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([peer?.close(), gotosocial?.close()]);
  });

  let likes = 0;
  const nextLike = () => {
    likes += 1;
    return mastodon.like(peer.member('mona'), 'https://whisp.example/x', likes);
  };
  /** A Like from mona, signed as Mastodon signs it (with `flaws`), posted to the shared inbox. */
  async function deliver(
    options: { flaws?: SigningFlaws; signer?: PeerMember; tamper?: (body: string) => string } = {},
    activity: Json = nextLike(),
  ) {
    const url = new URL(`${peer.url}/inbox`);
    const body = JSON.stringify(activity);
    const signer = options.signer ?? peer.member('mona');
    const headers = signRequest(
      { method: 'POST', url, headers: [['content-type', 'application/activity+json']], body },
      { keyId: peer.member('mona').keyId, privateKey: signer.privateKey, algorithm: 'rsa-sha256' },
      options.flaws,
    );
    // fetch sends the Host it signed: the URL's.
    const { host: _host, ...sent } = headers;
    const response = await fetch(url, {
      method: 'POST',
      headers: sent,
      body: options.tamper ? options.tamper(body) : body,
    });
    return { status: response.status, id: activity.id as string };
  }
  const lastRefusal = () => peer.refusals.at(-1)?.reason;
  const wasReceived = (id: string) => peer.received.some(({ activity }) => activity.id === id);

  it('takes a delivery signed as Mastodon signs one', async () => {
    const { status, id } = await deliver();
    expect(status).toBe(202);
    expect(wasReceived(id)).toBe(true);
  });

  it('refuses a body changed after signing', async () => {
    const { status, id } = await deliver({ tamper: (body) => body.replace('Like', 'Like ') });
    expect(status).toBe(401);
    expect(lastRefusal()).toBe('Invalid Digest value');
    expect(wasReceived(id)).toBe(false);
  });

  it('refuses a request dated more than 12 hours off', async () => {
    const { status } = await deliver({ flaws: { date: new Date(Date.now() - 13 * 3_600_000) } });
    expect(status).toBe(401);
    expect(lastRefusal()).toBe('Signed request date outside acceptable time window');
  });

  it.each([['host'], ['date'], ['digest'], ['(request-target)']])(
    'refuses a signature that leaves out %s',
    async (header) => {
      const { status } = await deliver({ flaws: { unsigned: [header] } });
      expect(status).toBe(401);
      expect(lastRefusal()).toBe(`Not signed: ${header}`);
    },
  );

  it('refuses a signature made with another key than the keyId names', async () => {
    const { status } = await deliver({ signer: peer.member('max') });
    expect(status).toBe(401);
    expect(lastRefusal()).toBe(`Verification failed for ${peer.member('mona').keyId}`);
  });

  it('refuses an unsigned request, and one signed as RFC 9421 only', async () => {
    const body = JSON.stringify(mastodon.like(peer.member('mona'), 'https://whisp.example/y', 99));
    const unsigned = await fetch(`${peer.url}/inbox`, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    expect(lastRefusal()).toBe('Request not signed');
    const rfc9421 = await fetch(`${peer.url}/inbox`, {
      method: 'POST',
      headers: { 'signature-input': 'sig1=("@method");created=1', signature: 'sig1=:AAAA:' },
      body,
    });
    expect(rfc9421.status).toBe(401);
    expect(lastRefusal()).toMatch(/^RFC 9421/);
  });

  it('drops an activity whose actor is not the one who signed it', async () => {
    const forged = mastodon.like(peer.member('max'), 'https://whisp.example/z', 100);
    const { status, id } = await deliver({}, forged);
    // Mastodon answers 202 and drops it in its worker.
    expect(status).toBe(202);
    expect(lastRefusal()).toBe('signer is not the actor');
    expect(wasReceived(id)).toBe(false);
  });

  it('serves a GoToSocial actor to a signed GET only', async () => {
    const actor = `${gotosocial.url}/users/gus`;
    const unsigned = await fetch(actor, { headers: { accept: 'application/activity+json' } });
    expect(unsigned.status).toBe(401);
    const signed = await gotosocial.fetchSigned(actor);
    expect(signed.status).toBe(200);
    expect(signed.json).toMatchObject({ id: actor, type: 'Person' });
  });
});

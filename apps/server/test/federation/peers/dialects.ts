import * as gotosocial from './gotosocial-shapes.js';
import type { SignatureAlgorithm } from './http-signature.js';
import type { Json } from './json-ld.js';
import * as mastodon from './mastodon-shapes.js';
import type { PeerMember, PeerSite } from './peer-member.js';

export type PeerFlavour = 'mastodon' | 'gotosocial';

/** How one server software names, signs and serves things: what differs between the peers. */
export interface PeerDialect {
  flavour: PeerFlavour;
  /** The instance actor that signs the server's own GETs. */
  instanceActor: { path: string; username: string };
  keyIdOf(actorId: string): string;
  algorithm: SignatureAlgorithm;
  /** Headers signed after `(request-target) host date [digest]`, in order. */
  signedPostHeaders: [string, string][];
  signedGetHeaders: [string, string][];
  /** Headers sent unsigned. */
  userAgent(site: PeerSite): string;
  accept: string;
  webFinger(site: PeerSite, member: PeerMember): Json;
  actor(site: PeerSite, member: PeerMember): Json;
  instanceActorDocument(site: PeerSite, member: PeerMember): Json;
  /** The document a keyId without a fragment answers, to anyone (GoToSocial only). */
  keyDocument?(member: PeerMember): Json;
  acceptFollow(member: PeerMember, follow: Json, sequence: number): Json;
  /** GoToSocial answers 401 to any unsigned GET of an actor or a status (authorized fetch). */
  signedGetsOnly: boolean;
}

const ACTIVITY_JSON = 'application/activity+json';

/**
 * Mastodon 4.x: app/lib/request.rb signs every header it sets except User-Agent and
 * Accept-Encoding (`(request-target) host date digest content-type` on a delivery,
 * `(request-target) host date accept` on a fetch) with `algorithm="rsa-sha256"`; fetches are
 * signed by the instance actor at /actor; GETs are served to anyone (no AUTHORIZED_FETCH).
 */
export const MASTODON: PeerDialect = {
  flavour: 'mastodon',
  instanceActor: { path: '/actor', username: 'actor' },
  keyIdOf: (actorId) => `${actorId}#main-key`,
  algorithm: 'rsa-sha256',
  signedPostHeaders: [['content-type', ACTIVITY_JSON]],
  signedGetHeaders: [
    [
      'accept',
      'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
    ],
  ],
  userAgent: (site) => `http.rb/5.2.0 (Mastodon/4.3.8; +${site.url}/)`,
  accept: ACTIVITY_JSON,
  webFinger: mastodon.webFinger,
  actor: mastodon.actor,
  instanceActorDocument: mastodon.instanceActor,
  acceptFollow: mastodon.acceptFollow,
  signedGetsOnly: false,
};

/**
 * GoToSocial: docs/federation/http_signatures.md. GETs signed `(request-target) host date`,
 * POSTs `(request-target) host date digest`, `algorithm="hs2019"` over RSA-SHA256, keyIds
 * ending in `/main-key`, and every GET of an actor or a status must be signed.
 */
export const GOTOSOCIAL: PeerDialect = {
  flavour: 'gotosocial',
  // GoToSocial's instance account is named after its host; this one's host has a port in it.
  instanceActor: { path: '/users/instance.internal', username: 'instance.internal' },
  keyIdOf: (actorId) => `${actorId}/main-key`,
  algorithm: 'hs2019',
  signedPostHeaders: [],
  signedGetHeaders: [],
  userAgent: (site) => `gotosocial (+${site.url}) gotosocial/0.18.3`,
  accept: ACTIVITY_JSON,
  webFinger: gotosocial.webFinger,
  actor: gotosocial.actor,
  instanceActorDocument: gotosocial.instanceActor,
  keyDocument: gotosocial.publicKeyStub,
  acceptFollow: (member, follow) => gotosocial.acceptFollow(member, follow),
  signedGetsOnly: true,
};

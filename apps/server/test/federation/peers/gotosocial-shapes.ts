import type { Json } from './json-ld.js';
import type { PeerMember, PeerSite } from './peer-member.js';

/**
 * What a GoToSocial server puts on the wire, written from GoToSocial itself
 * (superseriousbusiness/gotosocial):
 * - internal/typeutils/internaltoas_test.go (2025): the exact JSON its serializer writes for an
 *   actor (TestAccountToASWithFields), a status (TestStatusToASFromDB, ...WithMentions) and a
 *   Delete (TestStatusToASDeletePublicReply). go-fed writes a property with one value as that
 *   value and several as an array: `to` is a string, `cc` an array when it names two, one Mention
 *   `tag` an object. An attachment's description is its `summary`.
 * - docs/federation/http_signatures.md: keyIds `…/users/{name}/main-key` (no fragment); that URL
 *   answers a stub of the actor to anyone, while the full actor answers only signed GETs.
 * - internal/processing/workers/federate.go, AcceptFollow: an Accept with the Follow embedded as
 *   GoToSocial recreates it, addressed `to` the requester, and no `id` of its own.
 * (docs/federation/actors.md shows an actor whose @context lists http://schema.org last: that
 * hand-written example would make any JSON-LD reader see a schema:Person; the serializer's own
 * output, used here, does not.)
 */

/** A ULID-like id (26 characters of Crockford's base 32), as GoToSocial names everything. */
export function ulid(sequence: number) {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let suffix = '';
  for (let rest = sequence; suffix.length < 10; rest = Math.floor(rest / 32)) {
    suffix = alphabet[rest % 32] + suffix;
  }
  return `01JQ8Z3W5M4N6P${suffix.padStart(12, '0')}`;
}

/** One value as itself, several as an array: how go-fed serializes a property. */
const oneOrMany = <T>(values: T[]) => (values.length === 1 ? values[0] : values);

export function webFinger(site: PeerSite, member: PeerMember): Json {
  return {
    subject: `acct:${member.username}@${site.host}`,
    aliases: [member.actorId, `${site.url}/@${member.username}`],
    links: [
      {
        rel: 'http://webfinger.net/rel/profile-page',
        type: 'text/html',
        href: `${site.url}/@${member.username}`,
      },
      { rel: 'self', type: 'application/activity+json', href: member.actorId },
    ],
  };
}

/** internaltoas_test.go, TestAccountToASWithFields. GoToSocial names no shared inbox. */
export function actor(site: PeerSite, member: PeerMember, type = 'Person'): Json {
  return {
    '@context': [
      'https://w3id.org/security/v1',
      'https://www.w3.org/ns/activitystreams',
      {
        PropertyValue: 'schema:PropertyValue',
        discoverable: 'toot:discoverable',
        featured: { '@id': 'toot:featured', '@type': '@id' },
        manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
        schema: 'http://schema.org#',
        toot: 'http://joinmastodon.org/ns#',
        value: 'schema:value',
      },
    ],
    attachment: [{ name: 'pronouns', type: 'PropertyValue', value: 'they/them' }],
    discoverable: true,
    featured: `${member.actorId}/collections/featured`,
    followers: member.followers,
    following: `${member.actorId}/following`,
    id: member.actorId,
    inbox: member.inbox,
    manuallyApprovesFollowers: type !== 'Person',
    name: member.name,
    outbox: `${member.actorId}/outbox`,
    preferredUsername: member.username,
    publicKey: { id: member.keyId, owner: member.actorId, publicKeyPem: member.publicKeyPem },
    published: '2022-06-04T13:12:00Z',
    summary: `<p>${member.summary}</p>`,
    tag: [],
    type,
    url: `${site.url}/@${member.username}`,
  };
}

/** docs/federation/http_signatures.md: what `/main-key` answers, signed or not. */
export function publicKeyStub(member: PeerMember): Json {
  return {
    '@context': ['https://w3id.org/security/v1', 'https://www.w3.org/ns/activitystreams'],
    id: member.actorId,
    preferredUsername: member.username,
    publicKey: { id: member.keyId, owner: member.actorId, publicKeyPem: member.publicKeyPem },
    type: 'Person',
  };
}

/** The instance account that signs GoToSocial's own fetches (TestAccountToASBot's type). */
export const instanceActor = (site: PeerSite, member: PeerMember) =>
  actor(site, member, 'Application');

/** FollowToAS: `/users/{name}/follow/{ULID}`. */
export function follow(member: PeerMember, target: string, sequence: number): Json {
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    actor: member.actorId,
    id: `${member.actorId}/follow/${ulid(sequence)}`,
    object: target,
    type: 'Follow',
  };
}

/** federate.go, AcceptFollow: the recreated Follow embedded, `to` the requester, no `id`. */
export function acceptFollow(member: PeerMember, received: Json): Json {
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    actor: member.actorId,
    object: { actor: received.actor, id: received.id, object: received.object, type: 'Follow' },
    to: received.actor,
    type: 'Accept',
  };
}

export interface GoToSocialNoteOptions {
  sequence: number;
  content: string;
  mentions?: { href: string; name: string }[];
  /** Files on the peer, with their descriptions. */
  images?: { path: string; description: string }[];
}

/** internaltoas_test.go, TestStatusToASFromDB and TestStatusToASWithMentions. */
export function note(site: PeerSite, member: PeerMember, options: GoToSocialNoteOptions): Json {
  const statusId = `${member.actorId}/statuses/${ulid(options.sequence)}`;
  const mentions = options.mentions ?? [];
  const everyone = ['https://www.w3.org/ns/activitystreams#Public'];
  return {
    '@context': [
      'https://gotosocial.org/ns',
      'https://www.w3.org/ns/activitystreams',
      {
        Hashtag: 'as:Hashtag',
        blurhash: 'toot:blurhash',
        focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
        sensitive: 'as:sensitive',
        toot: 'http://joinmastodon.org/ns#',
      },
    ],
    attachment: (options.images ?? []).map((image) => ({
      blurhash: 'LIIE|gRj00WB-;j[t7j[4nWBj[Rj',
      focalPoint: [-0.5, 0.5],
      mediaType: 'image/png',
      summary: image.description,
      type: 'Image',
      url: `${site.url}${image.path}`,
    })),
    attributedTo: member.actorId,
    cc: oneOrMany([member.followers, ...mentions.map((mention) => mention.href)]),
    content: options.content,
    contentMap: { en: options.content },
    id: statusId,
    interactionPolicy: {
      canAnnounce: {
        always: everyone,
        approvalRequired: [],
        automaticApproval: everyone,
        manualApproval: [],
      },
      canLike: {
        always: everyone,
        approvalRequired: [],
        automaticApproval: everyone,
        manualApproval: [],
      },
      canReply: {
        always: everyone,
        approvalRequired: [],
        automaticApproval: everyone,
        manualApproval: [],
      },
    },
    published: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    replies: {
      first: {
        id: `${statusId}/replies?page=true`,
        next: `${statusId}/replies?only_other_accounts=false&page=true`,
        partOf: `${statusId}/replies`,
        type: 'CollectionPage',
      },
      id: `${statusId}/replies`,
      type: 'Collection',
    },
    sensitive: false,
    summary: '',
    tag: oneOrMany(mentions.map((mention) => ({ ...mention, type: 'Mention' }))),
    to: everyone[0],
    type: 'Note',
    url: `${site.url}/@${member.username}/statuses/${ulid(options.sequence)}`,
  };
}

/** WrapStatusableInCreate: `{status}/activity#Create`, addressed as the status is. */
export function create(member: PeerMember, object: Json): Json {
  const { '@context': context, ...status } = object;
  return {
    '@context': context,
    actor: member.actorId,
    cc: status.cc,
    id: `${status.id}/activity#Create`,
    object: status,
    published: status.published,
    to: status.to,
    type: 'Create',
  };
}

/** StatusToASDelete (TestStatusToASDeletePublicReply): the status by its URI, no `id`. */
export function deleteStatus(member: PeerMember, status: Json): Json {
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    actor: member.actorId,
    cc: status.cc,
    object: status.id,
    to: status.to,
    type: 'Delete',
  };
}

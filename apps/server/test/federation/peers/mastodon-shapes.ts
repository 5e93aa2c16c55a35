import type { Json } from './json-ld.js';
import type { PeerMember, PeerSite } from './peer-member.js';

/**
 * What a Mastodon 4.x server puts on the wire, written from Mastodon's own serializers and from
 * payloads captured from Mastodon servers. Each builder names its source:
 * - mastodon/mastodon app/serializers/activitypub/*.rb and app/lib/activitypub/adapter.rb (the
 *   @context extensions each serializer declares);
 * - Pleroma's captured Mastodon payloads, kept in soapbox-pub/rebased test/fixtures/
 *   (mastodon-post-activity-hashtag.json, mastodon-question-activity.json, mastodon-vote.json,
 *   mastodon-delete.json, mastodon-follow-activity.json, statuses/masto-note.json);
 * - docs.joinmastodon.org, spec/activitypub.md (custom emojis, featured, discoverable).
 * Ids and URLs follow Mastodon's routes (`/users/{name}/statuses/{id}`, `/@{name}/{id}`,
 * `/tags/{name}`); `host` is the peer's loopback host.
 */

/** adapter.rb, with the extensions ActorSerializer declares (a mastodon.social actor, 2025). */
const ACTOR_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  {
    manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
    toot: 'http://joinmastodon.org/ns#',
    featured: { '@id': 'toot:featured', '@type': '@id' },
    featuredTags: { '@id': 'toot:featuredTags', '@type': '@id' },
    alsoKnownAs: { '@id': 'as:alsoKnownAs', '@type': '@id' },
    movedTo: { '@id': 'as:movedTo', '@type': '@id' },
    schema: 'http://schema.org#',
    PropertyValue: 'schema:PropertyValue',
    value: 'schema:value',
    discoverable: 'toot:discoverable',
    suspended: 'toot:suspended',
    memorial: 'toot:memorial',
    indexable: 'toot:indexable',
    focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
  },
];

/** adapter.rb, with the extensions NoteSerializer declares (masto-note.json, plus Hashtag/Emoji). */
const NOTE_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  {
    ostatus: 'http://ostatus.org#',
    atomUri: 'ostatus:atomUri',
    inReplyToAtomUri: 'ostatus:inReplyToAtomUri',
    conversation: 'ostatus:conversation',
    sensitive: 'as:sensitive',
    toot: 'http://joinmastodon.org/ns#',
    votersCount: 'toot:votersCount',
    Hashtag: 'as:Hashtag',
    Emoji: 'toot:Emoji',
  },
];

/** app/serializers/webfinger_serializer.rb */
export function webFinger(site: PeerSite, member: PeerMember): Json {
  return {
    subject: `acct:${member.username}@${site.host}`,
    aliases: [`${site.url}/@${member.username}`, member.actorId],
    links: [
      {
        rel: 'http://webfinger.net/rel/profile-page',
        type: 'text/html',
        href: `${site.url}/@${member.username}`,
      },
      { rel: 'self', type: 'application/activity+json', href: member.actorId },
      {
        rel: 'http://ostatus.org/schema/1.0/subscribe',
        template: `${site.url}/authorize_interaction?uri={uri}`,
      },
    ],
  };
}

/** ActorSerializer (actor_serializer.rb), as mastodon.social serves a Person. */
export function actor(site: PeerSite, member: PeerMember): Json {
  return {
    '@context': ACTOR_CONTEXT,
    id: member.actorId,
    type: 'Person',
    following: `${member.actorId}/following`,
    followers: member.followers,
    inbox: member.inbox,
    outbox: `${member.actorId}/outbox`,
    featured: `${member.actorId}/collections/featured`,
    featuredTags: `${member.actorId}/collections/tags`,
    preferredUsername: member.username,
    name: member.name,
    summary: `<p>${member.summary}</p>`,
    url: `${site.url}/@${member.username}`,
    manuallyApprovesFollowers: false,
    discoverable: true,
    indexable: false,
    published: '2024-12-29T00:00:00Z',
    memorial: false,
    publicKey: { id: member.keyId, owner: member.actorId, publicKeyPem: member.publicKeyPem },
    tag: [],
    attachment: [{ type: 'PropertyValue', name: 'Pronouns', value: 'she/her' }],
    endpoints: { sharedInbox: `${site.url}/inbox` },
    ...(site.avatarPath
      ? { icon: { type: 'Image', mediaType: 'image/png', url: `${site.url}${site.avatarPath}` } }
      : {}),
  };
}

/** InstanceActorSerializer: the Application at /actor that signs Mastodon's fetches. */
export function instanceActor(site: PeerSite, member: PeerMember): Json {
  return {
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id: member.actorId,
    type: 'Application',
    inbox: member.inbox,
    outbox: `${site.url}/actor/outbox`,
    preferredUsername: site.host,
    url: `${site.url}/about/more?instance_actor=true`,
    manuallyApprovesFollowers: true,
    publicKey: { id: member.keyId, owner: member.actorId, publicKeyPem: member.publicKeyPem },
    endpoints: { sharedInbox: `${site.url}/inbox` },
  };
}

/** FollowSerializer; mastodon-follow-activity.json (`#follows/{id}`). */
export function follow(member: PeerMember, target: string, id: number): Json {
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${member.actorId}#follows/${id}`,
    type: 'Follow',
    actor: member.actorId,
    object: target,
  };
}

/** AcceptFollowSerializer: the Follow embedded as FollowSerializer writes it. */
export function acceptFollow(member: PeerMember, received: Json, id: number): Json {
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${member.actorId}#accepts/follows/${id}`,
    type: 'Accept',
    actor: member.actorId,
    object: { id: received.id, type: 'Follow', actor: received.actor, object: received.object },
  };
}

export interface NoteOptions {
  statusId: string;
  /** The status's HTML, as Mastodon's formatter writes it. */
  content: string;
  language?: string;
  summary?: string | null;
  inReplyTo?: string | null;
  /** Mentioned actors: addressed in cc and named in `tag`. */
  mentions?: { href: string; name: string }[];
  hashtags?: string[];
  emojis?: { shortcode: string; id: number }[];
}

/**
 * NoteSerializer (note_serializer.rb), as mastodon.social serves a public status (2025): atomUri,
 * conversation, contentMap, the replies/likes/shares collections, tags with `href` and `name`.
 */
export function note(site: PeerSite, member: PeerMember, options: NoteOptions): Json {
  const id = `${member.actorId}/statuses/${options.statusId}`;
  const published = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const day = published.slice(0, 10);
  const content = options.content;
  return {
    id,
    type: 'Note',
    summary: options.summary ?? null,
    inReplyTo: options.inReplyTo ?? null,
    published,
    url: `${site.url}/@${member.username}/${options.statusId}`,
    attributedTo: member.actorId,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    cc: [member.followers, ...(options.mentions ?? []).map((mention) => mention.href)],
    sensitive: Boolean(options.summary),
    atomUri: id,
    inReplyToAtomUri: options.inReplyTo ?? null,
    conversation: `tag:${site.host},${day}:objectId=${options.statusId}:objectType=Conversation`,
    content,
    contentMap: { [options.language ?? 'en']: content },
    attachment: [],
    tag: [
      ...(options.mentions ?? []).map((mention) => ({ type: 'Mention', ...mention })),
      // TagSerializer: the href is the lower-cased tag's page, the name keeps the writer's case.
      ...(options.hashtags ?? []).map((name) => ({
        type: 'Hashtag',
        href: `${site.url}/tags/${name.toLowerCase()}`,
        name: `#${name}`,
      })),
      // EmojiSerializer, and docs.joinmastodon.org spec/activitypub.md "Custom emojis".
      ...(options.emojis ?? []).map((emoji) => ({
        id: `${site.url}/emojis/${emoji.id}`,
        type: 'Emoji',
        name: `:${emoji.shortcode}:`,
        updated: '2024-03-01T12:00:00Z',
        icon: {
          type: 'Image',
          mediaType: 'image/png',
          url: `${site.url}/system/custom_emojis/images/000/000/${emoji.id}/original/${emoji.shortcode}.png`,
        },
      })),
    ],
    replies: {
      id: `${id}/replies`,
      type: 'Collection',
      first: {
        type: 'CollectionPage',
        next: `${id}/replies?only_other_accounts=true&page=true`,
        partOf: `${id}/replies`,
        items: [],
      },
    },
    likes: { id: `${id}/likes`, type: 'Collection', totalItems: 0 },
    shares: { id: `${id}/shares`, type: 'Collection', totalItems: 0 },
  };
}

/** ActivitySerializer around a status: `{status}/activity`, addressed as the status is. */
export function create(member: PeerMember, object: Json): Json {
  return {
    '@context': NOTE_CONTEXT,
    id: `${object.id}/activity`,
    type: 'Create',
    actor: member.actorId,
    published: object.published,
    to: object.to,
    cc: object.cc,
    object,
  };
}

/**
 * A poll (mastodon-question-activity.json): a Question with `oneOf` options whose replies count
 * the votes, `endTime`, `votersCount`.
 */
export function question(
  site: PeerSite,
  member: PeerMember,
  options: NoteOptions & { choices: string[]; endTime: Date },
): Json {
  return {
    ...note(site, member, options),
    type: 'Question',
    endTime: options.endTime.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    votersCount: 0,
    oneOf: options.choices.map((name) => ({
      type: 'Note',
      name,
      replies: { type: 'Collection', totalItems: 0 },
    })),
  };
}

/** LikeSerializer: `#likes/{id}`, the object by its URI. */
export const like = (member: PeerMember, object: string, id: number): Json => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${member.actorId}#likes/${id}`,
  type: 'Like',
  actor: member.actorId,
  object,
});

/** UndoLikeSerializer: the Like embedded. */
export const undoLike = (member: PeerMember, liked: Json): Json => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${liked.id}/undo`,
  type: 'Undo',
  actor: member.actorId,
  object: { id: liked.id, type: 'Like', actor: liked.actor, object: liked.object },
});

/** ActivitySerializer for a reblog: `{status}/activity`, to Public, cc the author and followers. */
export function announce(
  member: PeerMember,
  object: { id: string; author: string },
  statusId: string,
): Json {
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${member.actorId}/statuses/${statusId}/activity`,
    type: 'Announce',
    actor: member.actorId,
    published: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    cc: [object.author, member.followers],
    object: object.id,
  };
}

/** UndoAnnounceSerializer: `#announces/{id}/undo`, the Announce embedded without inlining. */
export function undoAnnounce(member: PeerMember, announced: Json, statusId: string): Json {
  const { '@context': _context, ...activity } = announced;
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${member.actorId}#announces/${statusId}/undo`,
    type: 'Undo',
    actor: member.actorId,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    object: activity,
  };
}

/** DeleteSerializer and mastodon-delete.json: a Tombstone with its atomUri, `{status}#delete`. */
export const deleteNote = (member: PeerMember, statusUri: string): Json => ({
  '@context': [
    'https://www.w3.org/ns/activitystreams',
    { ostatus: 'http://ostatus.org#', atomUri: 'ostatus:atomUri' },
  ],
  id: `${statusUri}#delete`,
  type: 'Delete',
  actor: member.actorId,
  to: ['https://www.w3.org/ns/activitystreams#Public'],
  object: { id: statusUri, type: 'Tombstone', atomUri: statusUri },
});

/** UpdateSerializer: the whole actor again, `#updates/{timestamp}`, to Public. */
export function updateActor(site: PeerSite, member: PeerMember, at: number): Json {
  const { '@context': context, ...person } = actor(site, member);
  return {
    '@context': context,
    id: `${member.actorId}#updates/${at}`,
    type: 'Update',
    actor: member.actorId,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    object: person,
  };
}

import { isActor } from '@fedify/fedify/vocab';
import type { Kysely } from 'kysely';
import type { MemberChanged } from '../db/repositories/users.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { WhispFederation } from './federation.js';
import { INSTANCE_ACTOR } from './instance-actor.js';
import { findRemoteMember, type RemoteMember, storeRemoteActor } from './remote-actors.js';
import type { RemoteMedia } from './remote-media.js';

export type RemoteMemberAddress = { acct: string } | { url: string };

export interface LookupOptions {
  db: Kysely<DatabaseSchema>;
  federation: WhispFederation;
  publicUrl: string;
  /** Development and tests: WebFinger over http://, to servers on loopback. */
  allowPrivateAddress: boolean;
  memberChanged: MemberChanged;
  /** Their avatar and banner are downloaded with them (WHISP_REMOTE_MEDIA). */
  remoteMedia: RemoteMedia;
}

const ACTIVITY_JSON = /^application\/(activity\+json|ld\+json)/;

/**
 * Finds a member of another server by `username@host` (WebFinger) or by their actor's URL, and
 * stores them as a remote member (api.md: `GET /api/users/lookup`). Undefined when their server
 * does not answer with an actor.
 */
export async function lookupRemoteMember(
  options: LookupOptions,
  address: RemoteMemberAddress,
): Promise<RemoteMember | undefined> {
  const { db, federation, publicUrl } = options;
  const ctx = federation.createContext(new URL(publicUrl), undefined);
  const actorUrl = 'url' in address ? address.url : await actorUrlOf(options, address.acct);
  if (!actorUrl) return undefined;
  const known = await findRemoteMember(db, actorUrl);
  if (known) return known;
  // Signed by this server's own actor: GoToSocial, and Mastodon with AUTHORIZED_FETCH, serve an
  // actor to signed GETs only.
  const documentLoader = await ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR });
  const actor = await ctx.lookupObject(actorUrl, { documentLoader }).catch(() => null);
  if (!isActor(actor) || actor.id?.href !== actorUrl) return undefined;
  return storeRemoteActor(db, actor, options.memberChanged, options.remoteMedia);
}

/** The actor URL WebFinger gives for `username@host`. */
async function actorUrlOf(options: LookupOptions, acct: string) {
  const ctx = options.federation.createContext(new URL(options.publicUrl), undefined);
  const resource = `acct:${acct}`;
  // Fedify asks WebFinger over https only; a test server on loopback answers http.
  type Descriptor = { links?: readonly { rel?: string; type?: string; href?: string }[] } | null;
  const descriptor: Descriptor = options.allowPrivateAddress
    ? await fetch(
        `http://${acct.split('@')[1]}/.well-known/webfinger?${new URLSearchParams({ resource })}`,
        { headers: { accept: 'application/jrd+json' } },
      )
        .then((response) => (response.ok ? (response.json() as Promise<Descriptor>) : null))
        .catch(() => null)
    : await ctx.lookupWebFinger(resource).catch(() => null);
  const links = descriptor?.links ?? [];
  const self = links.find((link) => link.rel === 'self' && ACTIVITY_JSON.test(link.type ?? ''));
  return self?.href;
}

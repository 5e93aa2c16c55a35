import { type Actor, isActor } from '@fedify/fedify/vocab';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '@whisp/api-client/contract';
import type { Kysely } from 'kysely';
import { instancePolicyOf } from '../db/repositories/instances.js';
import { EVERY_MEMBER, type MemberChanged } from '../db/repositories/users.js';
import type { DatabaseSchema } from '../db/schema.js';
import { remoteHtmlToText } from './remote-html.js';
import type { RemoteMedia } from './remote-media.js';
import { refreshProfileImages } from './remote-profile-images.js';

type Db = Kysely<DatabaseSchema>;

/** A remote member as stored: what delivery and the inbox need. */
export interface RemoteMember {
  id: string;
  host: string;
  actorUri: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
}

// A server's own rules decide its usernames; these characters would break `@user@host`.
const REMOTE_USERNAME = /^[^@\s/]{1,100}$/;

/** At most `max` code points: never more characters than the contract's countCharacters counts. */
export const clip = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * Stores (or refreshes) a remote actor as a member of `users` (0036_remote_members.sql) and
 * answers it; undefined when it cannot be one (no inbox, an unusable username). Their text is
 * kept as text: their server's HTML never reaches Whisp's clients. Their avatar and banner are
 * downloaded when the actor names new ones (remote-profile-images.ts).
 */
export async function storeRemoteActor(
  db: Db,
  actor: Actor,
  memberChanged: MemberChanged,
  media: RemoteMedia,
): Promise<RemoteMember | undefined> {
  if (!isActor(actor) || !actor.id || !actor.inboxId) return undefined;
  const actorUri = actor.id.href;
  const host = actor.id.host.toLowerCase();
  const username = actor.preferredUsername?.toString() ?? '';
  if (!REMOTE_USERNAME.test(username)) return undefined;
  const name = clip((actor.name?.toString() ?? '').trim(), DISPLAY_NAME_MAX_LENGTH);
  const bio = clip(remoteHtmlToText(actor.summary?.toString() ?? ''), BIO_MAX_LENGTH);
  const url = actor.url;
  const profileUrl = url instanceof URL ? url.href : (url?.href?.href ?? actorUri);
  const approvesFollowers = actor.manuallyApprovesFollowers ?? false;
  // Only their followers here read a member whose server is silenced (0037), as a private one's.
  const silenced = (await instancePolicyOf(db, host)) === 'silence';
  const before = await db
    .selectFrom('users')
    .select('is_private')
    .where('actor_uri', '=', actorUri)
    .executeTakeFirst();
  const fields = {
    display_name: name === '' ? username : name,
    bio: bio === '' ? null : bio,
    inbox_url: actor.inboxId.href,
    shared_inbox_url: actor.endpoints?.sharedInbox?.href ?? null,
    profile_url: profileUrl,
    approves_followers: approvesFollowers,
    is_private: approvesFollowers || silenced,
    fetched_at: new Date(),
  };
  const row = await db
    .insertInto('users')
    .values({ username, host, actor_uri: actorUri, email: null, password_hash: null, ...fields })
    .onConflict((conflict) =>
      conflict
        .column('actor_uri')
        .where('actor_uri', 'is not', null)
        .doUpdateSet({ ...fields, updated_at: new Date() }),
    )
    .returning(['id', 'host', 'actor_uri', 'inbox_url', 'shared_inbox_url'])
    .executeTakeFirst();
  if (!row?.host || !row.actor_uri || !row.inbox_url) return undefined;
  // Cached sign-ins carry whether any member is private (visibility.ts).
  if ((before?.is_private ?? false) !== fields.is_private) await memberChanged(EVERY_MEMBER);
  // The member is stored either way: a picture that failed is tried again at the next read.
  await refreshProfileImages(media, row.id, actor).catch((error: unknown) => {
    media.log.warn({ err: error, actor: actorUri }, 'federation: profile images not refreshed');
  });
  return {
    id: row.id,
    host: row.host,
    actorUri: row.actor_uri,
    inboxUrl: row.inbox_url,
    sharedInboxUrl: row.shared_inbox_url,
  };
}

/** A remote member already stored, by their actor's id. */
export async function findRemoteMember(db: Db, actorUri: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'host', 'actor_uri', 'inbox_url', 'shared_inbox_url'])
    .where('actor_uri', '=', actorUri)
    .executeTakeFirst();
  if (!row?.host || !row.actor_uri || !row.inbox_url) return undefined;
  return {
    id: row.id,
    host: row.host,
    actorUri: row.actor_uri,
    inboxUrl: row.inbox_url,
    sharedInboxUrl: row.shared_inbox_url,
  } satisfies RemoteMember;
}

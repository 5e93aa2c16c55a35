import type { Context, KvStore } from '@fedify/fedify';
import { Tombstone } from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';

// A member who deleted their account leaves a tombstone at their actor's address: other servers
// that look them up again (or fetch a key to check an old activity) are answered 410 Gone, as
// Mastodon answers for a deleted account, rather than 404, which reads as "try again later".
// Kept in Fedify's store, without an end; someone who later takes the username is served instead.

const departedKey = (username: string) => ['whisp', 'departed', username.toLowerCase()] as const;

export async function recordDeparture(kv: KvStore, username: string) {
  await kv.set(departedKey(username), new Date().toISOString());
}

/** The tombstone of a member who deleted their account here, or null for a name never used. */
export async function departedActorOf(ctx: Context<void>, kv: KvStore, identifier: string) {
  const deletedAt = await kv.get<string>(departedKey(identifier));
  if (!deletedAt) return null;
  return new Tombstone({
    id: ctx.getActorUri(identifier),
    deleted: Temporal.Instant.from(deletedAt),
  });
}

import type { webcrypto } from 'node:crypto';
import { type Context, exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { Application, Endpoints } from '@fedify/fedify/vocab';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/**
 * The server's own actor, which signs what no member sends (a forwarded report): an identifier no
 * username can be, as usernames have no dot.
 */
export const INSTANCE_ACTOR = 'instance.actor';

// Its keys, kept with the installation's id (app_meta travels with a database transfer).
const KEYS_ROW = 'federation_instance_actor_keys';

type Db = Kysely<DatabaseSchema>;
type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;
type StoredKeys = { privateKey: webcrypto.JsonWebKey; publicKey: webcrypto.JsonWebKey }[];

// The pairs never change once stored, and the shared inbox signs what it fetches with them
// (inbox.ts): read and imported once per database, not on every activity received.
const cachedKeyPairs = new WeakMap<Db, Promise<KeyPair[]>>();

export function instanceActorKeyPairs(db: Db): Promise<KeyPair[]> {
  let pairs = cachedKeyPairs.get(db);
  if (!pairs) {
    pairs = readOrMakeKeyPairs(db);
    cachedKeyPairs.set(db, pairs);
    // A database that was away is asked again next time.
    pairs.catch(() => cachedKeyPairs.delete(db));
  }
  return pairs;
}

async function readOrMakeKeyPairs(db: Db): Promise<KeyPair[]> {
  let row = await readKeys(db);
  if (!row) {
    const pairs: KeyPair[] = await Promise.all(
      (['RSASSA-PKCS1-v1_5', 'Ed25519'] as const).map((kind) => generateCryptoKeyPair(kind)),
    );
    const stored: StoredKeys = await Promise.all(
      pairs.map(async (pair) => ({
        privateKey: await exportJwk(pair.privateKey),
        publicKey: await exportJwk(pair.publicKey),
      })),
    );
    // Two instances making them at once keep the first stored.
    await db
      .insertInto('app_meta')
      .values({ key: KEYS_ROW, value: JSON.stringify(stored) })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    row = await readKeys(db);
  }
  const stored = JSON.parse(row ?? '[]') as StoredKeys;
  return Promise.all(
    stored.map(async (pair) => ({
      privateKey: await importJwk(pair.privateKey, 'private'),
      publicKey: await importJwk(pair.publicKey, 'public'),
    })),
  );
}

async function readKeys(db: Db) {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', KEYS_ROW)
    .executeTakeFirst();
  return row?.value;
}

/** The instance actor as an Application, as Mastodon's own. */
export async function instanceActorOf(ctx: Context<void>) {
  const keys = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
  const host = new URL(ctx.origin).host;
  return new Application({
    id: ctx.getActorUri(INSTANCE_ACTOR),
    preferredUsername: host,
    name: host,
    url: new URL(ctx.origin),
    inbox: ctx.getInboxUri(INSTANCE_ACTOR),
    outbox: ctx.getOutboxUri(INSTANCE_ACTOR),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: true,
  });
}

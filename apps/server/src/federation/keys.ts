import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { ActorKeysTable, DatabaseSchema } from '../db/schema.js';

type KeyKind = ActorKeysTable['kind'];
type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;

// RSA for HTTP Signatures (what Mastodon verifies), Ed25519 for Object Integrity Proofs.
const KINDS: readonly KeyKind[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

/**
 * A local member's key pairs, made the first time they are needed and kept (0036): a key that
 * changed would make every server that cached the old one refuse this member's activities.
 * Two requests making them at once keep the first stored.
 */
export async function actorKeyPairs(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<KeyPair[]> {
  let rows = await readKeys(db, userId);
  if (rows.length < KINDS.length) {
    for (const kind of KINDS) {
      if (rows.some((row) => row.kind === kind)) continue;
      const pair = await generateCryptoKeyPair(kind);
      await db
        .insertInto('actor_keys')
        .values({
          user_id: userId,
          kind,
          private_key: JSON.stringify(await exportJwk(pair.privateKey)),
          public_key: JSON.stringify(await exportJwk(pair.publicKey)),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doNothing())
        .execute();
    }
    rows = await readKeys(db, userId);
  }
  return Promise.all(
    KINDS.map(async (kind) => {
      const row = rows.find((candidate) => candidate.kind === kind);
      if (!row) throw new Error(`no ${kind} key for member ${userId}`);
      return {
        privateKey: await importJwk(row.private_key, 'private'),
        publicKey: await importJwk(row.public_key, 'public'),
      };
    }),
  );
}

function readKeys(db: Kysely<DatabaseSchema>, userId: string) {
  return db
    .selectFrom('actor_keys')
    .select(['kind', 'private_key', 'public_key'])
    .where('user_id', '=', userId)
    .execute();
}

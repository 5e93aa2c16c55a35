import { memberAcct } from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { membersByAcct } from '../db/repositories/members-by-acct.js';

/** At most this many unknown handles are looked up for one whisp, for at most this long. */
const MAX_LOOKUPS = 5;
const LOOKUP_BOUND_MS = 5_000;

/**
 * Members of other servers that a whisp names as `@username@host` and this server does not know
 * yet are looked up (WebFinger, then their actor) before it is written, as Mastodon does, so
 * that the mention reaches them. Bounded: a server that does not answer in time leaves its
 * handle as text, and the whisp is written anyway. Nothing to do when federation is off.
 */
export async function resolveRemoteMentions(app: FastifyInstance, candidates: string[]) {
  const federation = app.federation;
  if (!federation) return;
  const ownHost = new URL(app.publicUrl).host.toLowerCase();
  const remote = [
    ...new Set(
      candidates
        .map((candidate) => candidate.toLowerCase())
        .filter((acct) => acct.includes('@') && !acct.endsWith(`@${ownHost}`)),
    ),
  ];
  if (remote.length === 0) return;
  const known = await app.database.kysely
    .selectFrom('users')
    .select(['username', 'host'])
    .where(membersByAcct(remote))
    .execute();
  const knownAccts = new Set(known.map((row) => memberAcct(row).toLowerCase()));
  const unknown = remote.filter((acct) => !knownAccts.has(acct)).slice(0, MAX_LOOKUPS);
  if (unknown.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(unknown.map((acct) => federation.lookUp({ acct }))),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LOOKUP_BOUND_MS);
    }),
  ]);
  clearTimeout(timer);
}

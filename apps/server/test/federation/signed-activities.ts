import { signRequest } from '@fedify/fedify/sig';
import { actorKeyPairs } from '../../src/federation/keys.js';
import type { FederatedServer } from './two-servers.js';

/**
 * Delivers an activity crafted by the test as `username` of `from` would send it: signed with
 * that member's own key (their server serves the key, so the receiver's checks pass), posted to
 * `inbox`. For what a real server of ours never sends: a Note whose attachments are crafted files.
 */
export async function deliverSigned(
  from: FederatedServer,
  username: string,
  inbox: string,
  activity: object,
) {
  const member = await from.database.kysely
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('host', 'is', null)
    .executeTakeFirstOrThrow();
  const [rsa] = await actorKeyPairs(from.database.kysely, member.id);
  if (!rsa) throw new Error(`${username} has no key`);
  const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity });
  const signed = await signRequest(
    new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    }),
    rsa.privateKey,
    new URL(`${from.url}/users/${username}#main-key`),
  );
  const response = await fetch(inbox, { method: 'POST', headers: signed.headers, body });
  if (response.status !== 202) {
    throw new Error(`The inbox answered ${response.status}: ${await response.text()}`);
  }
}

/** A public Note of `username` on `from`, as their server would embed it in a Create or Update. */
export function noteOf(
  from: FederatedServer,
  username: string,
  fields: { id: string; content: string; attachment?: object[]; tag?: object[] },
) {
  const actor = `${from.url}/users/${username}`;
  return {
    type: 'Note',
    attributedTo: actor,
    to: 'https://www.w3.org/ns/activitystreams#Public',
    cc: `${actor}/followers`,
    ...fields,
  };
}

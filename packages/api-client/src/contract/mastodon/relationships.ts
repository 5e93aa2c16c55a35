import { z } from 'zod';
import { mastodonIdSchema } from './accounts.js';

// Relationships of the Mastodon client API (1.2): Mastodon 4.3's entities/Relationship.md,
// methods/accounts.md (follow, block, mute, relationships), methods/follow_requests.md. Every
// boolean is present and never null: Tusky fails a whole request on one missing key, Ice Cubes
// decodes blocked_by, endorsed, note and notifying without a default (docs/mastodon-clients.md,
// section 3).

/** entities/Relationship.md: how the signed-in member stands with an account. */
export const mastodonRelationshipSchema = z.object({
  id: mastodonIdSchema.describe('The account’s id'),
  following: z.boolean(),
  showing_reblogs: z
    .boolean()
    .describe('Whether their rewhisps reach your home feed: while following or asking to'),
  notifying: z.boolean().describe('Whisp has no notification for each new whisp: always false'),
  languages: z.array(z.string()).nullable().describe('Whisp filters no language: null'),
  followed_by: z.boolean(),
  blocking: z.boolean(),
  blocked_by: z
    .boolean()
    .describe(
      'Always false: Whisp never tells a member who blocked them (such an account is not found)',
    ),
  muting: z.boolean(),
  muting_notifications: z.boolean().describe('A mute also hides their notifications'),
  requested: z.boolean().describe('You asked to follow this private member'),
  requested_by: z.boolean().describe('They asked to follow you'),
  domain_blocking: z.boolean(),
  endorsed: z.boolean(),
  note: z.string().describe('Whisp keeps no private notes on members: empty'),
});

/**
 * A list in a query as apps send one: `id[]=1&id[]=2` (masto.js, megalodon, Ivory), or `id=1`,
 * once or repeated (docs/mastodon-clients.md, 2.3).
 */
const queryList = z.union([z.string(), z.array(z.string())]).optional();

/** GET /api/v1/accounts/relationships. */
export const mastodonRelationshipsQuery = z.object({
  'id[]': queryList.describe('The accounts’ ids (unknown ones are left out of the answer)'),
  id: queryList.describe('The same, as `id=` once or repeated'),
});

/**
 * POST /api/v1/accounts/{id}/follow. Whisp's follow always brings rewhisps, makes no notification
 * for each new whisp and filters no language: these are read and left as they are.
 */
export const mastodonFollowBody = z
  .object({
    reblogs: z.unknown().optional().describe('Ignored: rewhisps always come'),
    notify: z.unknown().optional().describe('Ignored: no notification for each new whisp'),
    languages: z.unknown().optional().describe('Ignored: every language comes'),
  })
  .nullish();

/**
 * POST /api/v1/accounts/{id}/mute. A Whisp mute always hides the member's notifications too and
 * lasts until undone: these are read and left as they are.
 */
export const mastodonMuteBody = z
  .object({
    notifications: z.unknown().optional().describe('Ignored: a mute hides notifications too'),
    duration: z.unknown().optional().describe('Ignored: a mute lasts until undone'),
  })
  .nullish();

export type MastodonRelationship = z.output<typeof mastodonRelationshipSchema>;

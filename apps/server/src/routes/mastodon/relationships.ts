import {
  mastodonAccountParams,
  mastodonErrorSchema,
  mastodonFollowBody,
  mastodonMuteBody,
  mastodonRelationshipSchema,
  mastodonRelationshipsQuery,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type MemberAction, memberToActOn } from '../../members/acting-on-members.js';
import { mastodonRoute } from './access.js';
import { type MastodonAccountListOptions, mastodonAccountListRoutes } from './account-lists.js';
import { recordNotFound } from './plumbing.js';
import {
  existsForViewer,
  mastodonRefusal,
  relationshipWith,
  toMastodonRelationship,
} from './relationship-entity.js';

// Relationships (Mastodon client API 1.2, methods/accounts.md): how the member stands with
// accounts, and following, blocking and muting them. Each action is Whisp's own (follows.ts,
// safety.ts: a private member's follow becomes a request, a block ends the follows both ways,
// the notifications and counts follow), under Whisp's rules of who may be acted on
// (members/acting-on-members.ts); the answer is the relationship as it then stands.

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

const ACTIONS: {
  action: MemberAction;
  scope: string;
  summary: string;
  body?: typeof mastodonFollowBody | typeof mastodonMuteBody;
}[] = [
  {
    action: 'follow',
    scope: 'write:follows',
    summary: 'Follow an account (a private member is asked: `requested`)',
    body: mastodonFollowBody,
  },
  {
    action: 'unfollow',
    scope: 'write:follows',
    summary: 'Stop following an account, or withdraw the request',
  },
  {
    action: 'block',
    scope: 'write:blocks',
    summary: 'Block an account: neither sees the other, and the follows both ways end',
  },
  { action: 'unblock', scope: 'write:blocks', summary: 'Unblock an account' },
  {
    action: 'mute',
    scope: 'write:mutes',
    summary: 'Mute an account: their whisps and notifications leave yours',
    body: mastodonMuteBody,
  },
  { action: 'unmute', scope: 'write:mutes', summary: 'Unmute an account' },
];

export const mastodonRelationshipRoutes: FastifyPluginAsyncZod<MastodonAccountListOptions> = async (
  app,
  options,
) => {
  const { follows, safety, mastodonRelationships } = app.repositories;

  const act: Record<MemberAction, (viewerId: string, memberId: string) => Promise<unknown>> = {
    follow: follows.follow,
    unfollow: follows.unfollow,
    block: safety.block,
    unblock: safety.unblock,
    mute: safety.mute,
    unmute: safety.unmute,
  };

  app.get(
    '/api/v1/accounts/relationships',
    {
      config: mastodonRoute('read:follows'),
      schema: {
        summary: 'How the signed-in member stands with these accounts',
        querystring: mastodonRelationshipsQuery,
        response: { 200: z.array(mastodonRelationshipSchema), ...errors },
      },
    },
    async (request) => {
      // Every spelling apps use; a query string is bounded by the request line's length.
      const asked = [request.query['id[]'] ?? [], request.query.id ?? []].flat();
      const standings = await mastodonRelationships.standings(request.member.id, {
        mastodonIds: asked,
      });
      const byId = new Map(standings.map((standing) => [standing.mastodon_id, standing]));
      // In the order asked, each once; unknown ids, and members who do not exist for the
      // member, are left out (as Mastodon leaves out suspended accounts).
      return [...new Set(asked)].flatMap((id) => {
        const standing = byId.get(id);
        return standing && existsForViewer(standing) ? [toMastodonRelationship(standing)] : [];
      });
    },
  );

  for (const { action, scope, summary, body } of ACTIONS) {
    app.post(
      `/api/v1/accounts/:id/${action}`,
      {
        config: mastodonRoute(scope),
        schema: {
          summary,
          params: mastodonAccountParams,
          ...(body ? { body } : {}),
          response: { 200: mastodonRelationshipSchema, 404: mastodonErrorSchema, ...errors },
        },
      },
      async (request) => {
        const viewerId = request.member.id;
        const memberId = await mastodonRelationships.memberIdOf(request.params.id);
        if (!memberId) throw recordNotFound();
        const outcome = await memberToActOn(app.repositories, viewerId, memberId, action);
        if ('refused' in outcome) throw mastodonRefusal(outcome.refused, action);
        await act[action](viewerId, memberId);
        return relationshipWith(mastodonRelationships, viewerId, memberId);
      },
    );
  }

  await app.register(mastodonAccountListRoutes, options);
};

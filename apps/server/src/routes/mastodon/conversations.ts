import {
  CONVERSATION_PAGE_LIMIT,
  mastodonConversationListSchema,
  mastodonConversationParams,
  mastodonConversationSchema,
  mastodonErrorSchema,
  mastodonPagingQuery,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MastodonConversationRecord } from '../../db/repositories/mastodon-conversations.js';
import { readPreferences } from '../../db/repositories/preferences.js';
import { toMastodonConversations } from '../../mastodon/direct.js';
import { pageEnds, readMastodonPage, setPagingLinks } from '../../mastodon/paging.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Conversations (Mastodon client API 1.2, methods/conversations.md): Whisp's conversations,
// each with its other member and its newest message as a direct status (./direct.ts sends
// them). Listed newest message first and paged by that message's id, as Mastodon pages them.
// Marking read is Whisp's own (messages.ts, markRead, with the member's read receipts), so
// Whisp's app shows the same unread count; removing one only takes it off the Mastodon list.

export interface MastodonConversationOptions {
  publicUrl: string;
}

const errors = { 401: mastodonErrorSchema, 403: mastodonErrorSchema, 422: mastodonErrorSchema };

/** The newest message's id: what a conversation sorts and pages by. */
const lastMessageId = (record: MastodonConversationRecord) => record.last?.mastodon_id ?? '0';

export const mastodonConversationRoutes: FastifyPluginAsyncZod<
  MastodonConversationOptions
> = async (app, { publicUrl }) => {
  const { mastodonConversations, messages } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** The member's conversation a Mastodon id names, or 404 (anyone else's too). */
  const ownConversation = async (memberId: string, mastodonId: string) => {
    const record = await mastodonConversations.byMastodonId(memberId, mastodonId);
    if (!record) throw recordNotFound();
    return record;
  };

  const asConversation = async (record: MastodonConversationRecord) => {
    const [conversation] = await toMastodonConversations(app.repositories, urls, [record]);
    if (!conversation) throw recordNotFound();
    return conversation;
  };

  app.get(
    '/api/v1/conversations',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'The member’s conversations (Whisp’s direct messages), newest message first',
        querystring: mastodonPagingQuery(CONVERSATION_PAGE_LIMIT),
        response: { 200: mastodonConversationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const query = request.query;
      const records = await readMastodonPage(
        {
          page: async (before: string | undefined, limit: number) => {
            const items = await mastodonConversations.page(memberId, before, limit);
            const last = items.at(-1);
            return {
              items,
              next: items.length === limit && last ? lastMessageId(last) : undefined,
            };
          },
          // Mastodon's max_id is a bound on the newest message's id, whichever row it names.
          cursorOf: async (id) => id,
          idOf: lastMessageId,
        },
        query,
      );
      setPagingLinks(request, reply, publicUrl, pageEnds(records, lastMessageId, query.limit));
      return toMastodonConversations(app.repositories, urls, records);
    },
  );

  app.delete(
    '/api/v1/conversations/:id',
    {
      config: mastodonRoute('write:conversations'),
      schema: {
        summary:
          'Remove a conversation from the member’s list (its messages stay; a new one brings it back)',
        params: mastodonConversationParams,
        response: { 200: z.object({}), 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request) => {
      const record = await ownConversation(request.member.id, request.params.id);
      await mastodonConversations.remove(request.member.id, record.id);
      return {};
    },
  );

  app.post(
    '/api/v1/conversations/:id/read',
    {
      config: mastodonRoute('write:conversations'),
      schema: {
        summary: 'Mark a conversation read (Whisp’s app shows it read too)',
        params: mastodonConversationParams,
        response: { 200: mastodonConversationSchema, 404: mastodonErrorSchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const record = await ownConversation(member.id, request.params.id);
      const unread = await mastodonConversations.unreadMessageIds(member.id, record.id);
      await messages.markRead(member.id, unread, readPreferences(member.preferences).read_receipts);
      return asConversation({ ...record, unread: false });
    },
  );
};

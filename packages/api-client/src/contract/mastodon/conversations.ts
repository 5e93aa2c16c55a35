import { z } from 'zod';
import { mastodonAccountSchema, mastodonIdSchema } from './accounts.js';
import { mastodonStatusSchema } from './statuses.js';

// Conversations of the Mastodon client API (1.2): Mastodon 4.3's entities/Conversation.md and
// methods/conversations.md. A Whisp conversation between two members is one; its messages are
// `direct` statuses.

export const mastodonConversationSchema = z.object({
  id: mastodonIdSchema,
  unread: z.boolean().describe('Whether the member has messages in it not yet read'),
  accounts: z.array(mastodonAccountSchema).describe('The other member'),
  last_status: mastodonStatusSchema.nullable().describe('The newest message, a direct status'),
});

export const mastodonConversationListSchema = z.array(mastodonConversationSchema);

export const mastodonConversationParams = z.object({ id: z.string() });

export type MastodonConversation = z.output<typeof mastodonConversationSchema>;

/** Conversations: 20 a page by default (methods/conversations.md). */
export const CONVERSATION_PAGE_LIMIT = 20;

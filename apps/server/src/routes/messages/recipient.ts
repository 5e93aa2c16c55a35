import {
  countCharacters,
  describeError,
  type ErrorName,
  MESSAGE_MAX_LENGTH,
} from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { apiError, fieldError } from '../../http/api-error.js';

// Whisp's rules for a direct message, in one place for every road that sends one: Whisp's own
// Messages (./index.ts) and the Mastodon API's direct statuses (routes/mastodon/direct.ts).

const invalid = (
  name: Extract<ErrorName, 'emptyMessage' | 'messageTooLong' | 'messageYourself'>,
  field: string,
) => fieldError(describeError(name), field);

/** A message's text: not empty, not over MESSAGE_MAX_LENGTH (400 otherwise). */
export function checkMessageContent(content: string, field = 'content') {
  if (content.trim() === '') throw invalid('emptyMessage', field);
  if (countCharacters(content) > MESSAGE_MAX_LENGTH) throw invalid('messageTooLong', field);
}

/**
 * The other member of a conversation you start or write in: they must exist (not suspended),
 * not be you, no block may stand between you (403 BLOCKED, whoever blocked whom), and they
 * must take messages from you (403 MESSAGES_NOT_ACCEPTED, their `messages_from`).
 */
export async function messageRecipient(
  app: FastifyInstance,
  memberId: string,
  otherId: string,
  field: string,
) {
  if (otherId === memberId) throw invalid('messageYourself', field);
  const other = await app.repositories.messages.findRecipient(memberId, otherId);
  if (!other) throw apiError('userNotFound');
  const standing = await app.repositories.safety.standing(memberId, [other.id]);
  if (standing.suspended) throw apiError('userNotFound');
  if (standing.blocked) throw apiError('blocked');
  if (other.host !== null) throw apiError('messagesToOtherServers');
  // What their profile and the conversation show the member (`message_permission`).
  if (other.message_permission !== 'allowed') {
    throw apiError('messagesNotAccepted', other.username);
  }
  return other;
}

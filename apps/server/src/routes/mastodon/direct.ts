import { MENTION_PATTERN_SOURCE, REMOTE_MENTION_PATTERN_SOURCE } from '@whisp/api-client/contract';
import {
  MASTODON_MESSAGES,
  MASTODON_SCHEDULE_MESSAGES,
  type MastodonStatus,
  type mastodonStatusBody,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DirectMessageRecord } from '../../db/repositories/mastodon-conversations.js';
import { ApiError } from '../../http/api-error.js';
import { toDirectStatus } from '../../mastodon/direct.js';
import type { MastodonUrls } from '../../mastodon/urls.js';
import { checkMessageContent, messageRecipient } from '../messages/recipient.js';
import { findTarget } from '../posts/load.js';
import { recordNotFound } from './plumbing.js';

// Direct statuses (Mastodon client API 1.2): a `direct` status that mentions exactly one member
// of this server is a Whisp direct message to them, sent through Whisp's own rules
// (routes/messages/recipient.ts: blocks, their `messages_from`, the length limit) and repository
// (messages.ts: the conversation, its summary, the notification and the live events in one
// transaction). Anything else a direct status could be is refused with 422, as Mastodon refuses
// a status it cannot take.

type StatusBody = z.output<typeof mastodonStatusBody>;

const unprocessable = (message: string) => new ApiError(422, 'UNPROCESSABLE_ENTITY', message);

const MENTION = new RegExp(MENTION_PATTERN_SOURCE, 'gu');
const REMOTE_MENTION = new RegExp(REMOTE_MENTION_PATTERN_SOURCE, 'gu');

/**
 * The members a text mentions, each once whatever its case, with the host it names if any
 * (`@name@domain`, this server's domain, is the same member as `@name`).
 */
function mentionsOf(text: string, domain: string) {
  const found = new Map<string, { username: string; host: string | undefined }>();
  const add = (username: string, host: string | undefined) => {
    const elsewhere = host !== undefined && host.toLowerCase() !== domain.toLowerCase();
    found.set(`${username.toLowerCase()}@${elsewhere ? host.toLowerCase() : ''}`, {
      username,
      host,
    });
  };
  for (const match of text.matchAll(MENTION)) add(match[1] ?? '', undefined);
  for (const match of text.matchAll(REMOTE_MENTION)) add(match[1] ?? '', match[2]);
  return [...found.values()];
}

/**
 * The text without the addressee's leading mention, which apps write first (and write again
 * when replying): the conversation already says whom it is to, and Whisp's Messages shows the
 * message as written after it. A mention inside a sentence stays, as it reads.
 */
function withoutLeadingMention(text: string, username: string, host: string | undefined) {
  const hostPart = host ? `@${host.replace(/[.]/g, '\\.')}` : '';
  const leading = new RegExp(`^\\s*(?:@${username}${hostPart}(?![A-Za-z0-9_@])\\s*)+`, 'i');
  return text.replace(leading, '');
}

/** A refusal of Whisp's messages rules, told as Mastodon tells a status it cannot take. */
async function asUnprocessable<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.statusCode)) {
      throw unprocessable(error.message);
    }
    throw error;
  }
}

/** Reads a message (by Whisp's id) as its direct status for one of its members. */
async function directStatus(
  app: FastifyInstance,
  urls: MastodonUrls,
  message: DirectMessageRecord | undefined,
): Promise<MastodonStatus> {
  if (!message) throw recordNotFound();
  const accounts = await app.repositories.mastodon.accounts([
    message.sender_id,
    message.recipient_id,
  ]);
  const status = toDirectStatus(message, accounts, urls);
  if (!status) throw recordNotFound();
  return status;
}

/**
 * POST /api/v1/statuses with `visibility: "direct"`: the message it sends, as a direct status.
 * `domain` is this server's (WHISP_PUBLIC_URL's host): `@name@domain` is a local mention.
 */
export async function postDirectStatus(
  app: FastifyInstance,
  urls: MastodonUrls,
  domain: string,
  memberId: string,
  body: StatusBody,
): Promise<MastodonStatus> {
  if (body.media_ids.length > 0 || body.poll || (body.spoiler_text ?? '') !== '') {
    throw unprocessable(MASTODON_MESSAGES.directTextOnly);
  }
  if (body.scheduled_at) throw unprocessable(MASTODON_SCHEDULE_MESSAGES.directNotSchedulable);
  const text = body.status ?? '';
  const mentions = mentionsOf(text, domain);
  const [addressee] = mentions;
  if (!addressee || mentions.length !== 1) {
    throw unprocessable(MASTODON_MESSAGES.directNeedsOneMember);
  }
  const { username, host } = addressee;
  const written = host ? `${username}@${host}` : username;
  const local = host === undefined || host.toLowerCase() === domain.toLowerCase();
  const recipientId = local
    ? await app.repositories.mastodonConversations.memberIdByUsername(username)
    : undefined;
  if (!recipientId) throw unprocessable(MASTODON_MESSAGES.directUnknownMember(written));
  // A reply in an app names a message of the member's (or a whisp they may read): the message
  // joins the conversation with the addressee whatever it answers, as Whisp's chats have no
  // threads, but a reply to something the member cannot see is refused as Mastodon refuses it.
  if (body.in_reply_to_id) await checkRepliedTo(app, memberId, body.in_reply_to_id);
  const content = withoutLeadingMention(text, username, host);
  const recipient = await asUnprocessable(async () => {
    checkMessageContent(content, 'status');
    return messageRecipient(app, memberId, recipientId, 'status');
  });
  const sent = await app.repositories.messages.send(memberId, recipient.id, content);
  return directStatus(
    app,
    urls,
    await app.repositories.mastodonConversations.messageById(memberId, sent.id),
  );
}

async function checkRepliedTo(app: FastifyInstance, memberId: string, mastodonId: string) {
  const { mastodon, mastodonConversations } = app.repositories;
  if (await mastodonConversations.message(memberId, mastodonId)) return;
  const postId = await mastodon.postIdOf(mastodonId);
  if (!postId) throw recordNotFound();
  await findTarget(app, postId, memberId, 'read');
}

/**
 * GET /api/v1/statuses/{id} for an id that names no whisp: a message, to the two members of its
 * conversation only (404 for anyone else, as for a whisp they cannot see).
 */
export async function readDirectStatus(
  app: FastifyInstance,
  urls: MastodonUrls,
  memberId: string,
  mastodonId: string,
): Promise<MastodonStatus> {
  return directStatus(
    app,
    urls,
    await app.repositories.mastodonConversations.message(memberId, mastodonId),
  );
}

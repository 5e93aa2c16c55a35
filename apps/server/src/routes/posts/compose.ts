import {
  contentErrorName,
  contentWarningRefusal,
  describeError,
  type ErrorName,
  normalizeContentWarning,
  POST_MEDIA_MAX_IMAGES,
  type PollRequest,
  parseHashtags,
  parseMentionCandidates,
  pollRefusal,
  requestedAttachments,
} from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { resolveRemoteMentions } from '../../federation/resolve-mentions.js';
import { fieldError } from '../../http/api-error.js';
import { mediaKeyFromUrl } from '../../posts/media.js';

// What a composed whisp says, checked the same way whether it is posted now, replied, edited or
// scheduled: the rules and their words come from the contract (contract/composer.ts).

const invalid = (name: ErrorName, field: string) => fieldError(describeError(name), field);

export function checkContent(content: string, mediaCount: number) {
  const problem = contentErrorName(content, mediaCount);
  if (problem) throw invalid(problem, 'content');
}

/** The warning as stored (trimmed, null for none), or 400 when it is too long. */
export function checkedContentWarning(warning: string | null | undefined) {
  const problem = contentWarningRefusal(warning);
  if (problem) throw invalid(problem, 'content_warning');
  return normalizeContentWarning(warning);
}

/** The poll as asked for, or 400 naming its first problem; a poll takes no media. */
export function checkedPoll(poll: PollRequest | null | undefined, mediaCount: number) {
  if (!poll) return null;
  const problem = pollRefusal(poll);
  if (problem) throw invalid(problem, 'poll');
  if (mediaCount > 0) throw invalid('pollWithMedia', 'poll');
  return poll;
}

/**
 * The stored keys behind the attachments, each one uploaded by this member (400 otherwise), with
 * their descriptions: a file named twice is attached once, described as it was first.
 */
export async function ownedMedia(
  app: FastifyInstance,
  memberId: string,
  attachments: { url: string; alt: string | null }[],
  field: 'media' | 'media_urls',
) {
  const altByKey = new Map<string | undefined, string | null>();
  for (const { url, alt } of attachments) {
    const key = mediaKeyFromUrl(url);
    if (!altByKey.has(key)) altByKey.set(key, alt);
  }
  const keys = [...altByKey.keys()];
  if (keys.some((key) => key === undefined)) throw invalid('mediaNotUploaded', field);
  const uploaded = await app.repositories.posts.uploadedMedia(memberId, keys as string[]);
  if (uploaded.length !== keys.length) throw invalid('mediaNotUploaded', field);
  const videos = uploaded.filter((media) => media.kind === 'video').length;
  if (keys.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && keys.length > 1)) {
    throw invalid('tooManyAttachments', field);
  }
  return { mediaKeys: keys as string[], mediaAlts: [...altByKey.values()] };
}

/** The field a problem with the attachments is reported on: the one the request used. */
const mediaField = (body: { media?: unknown }) => (body.media ? 'media' : 'media_urls');

export interface ComposedBody {
  content?: string | null | undefined;
  content_warning?: string | null | undefined;
  poll?: PollRequest | null | undefined;
  media?: { url: string; alt?: string | null | undefined }[] | undefined;
  media_urls?: string[] | undefined;
}

/**
 * A new whisp or reply as the repository stores it (`NewPost` less its author and thread), each
 * rule checked in the order the composer shows them; 400 on the first problem.
 */
export async function composeWhisp(app: FastifyInstance, memberId: string, body: ComposedBody) {
  const content = body.content ?? '';
  const attachments = requestedAttachments(body);
  checkContent(content, attachments.length);
  const contentWarning = checkedContentWarning(body.content_warning);
  const poll = checkedPoll(body.poll, attachments.length);
  const media = await ownedMedia(app, memberId, attachments, mediaField(body));
  const mentionCandidates = parseMentionCandidates(content);
  await resolveRemoteMentions(app, mentionCandidates);
  return {
    content,
    contentWarning,
    poll,
    ...media,
    hashtags: parseHashtags(content),
    mentionCandidates,
  };
}

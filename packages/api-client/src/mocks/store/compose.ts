import {
  contentWarningRefusal,
  normalizeContentWarning,
  normalizePollOptions,
  type PollRequest,
  pollRefusal,
} from '../../contract/composer.js';
import { type PostAttachmentInput, requestedAttachments } from '../../contract/endpoints/posts.js';
import { POST_MEDIA_MAX_IMAGES } from '../../contract/limits.js';
import { contentErrorName } from '../../contract/text.js';
import { failOn } from '../errors.js';
import type { StoreContext } from './context.js';
import type { UserRecord } from './records.js';

/** `/media/<key>` (or a full URL ending so) → the stored file's key, as the server reads it. */
const MEDIA_KEY = /(?:^|\/)media\/([a-f0-9]{64}\.(?:webp|png|jpg|gif|mp4|webm))$/;

/** What a whisp says, as a request gives it (a new whisp, a reply or a scheduled one). */
export interface ComposedInput {
  content?: string | null;
  media_urls?: string[];
  /** In place of `media_urls`: the attachments with their descriptions. */
  media?: PostAttachmentInput[];
  content_warning?: string | null;
  poll?: PollRequest | null;
}

/** The same, checked and as stored. */
export interface Composed {
  content: string;
  content_warning: string | null;
  poll: PollRequest | null;
  media_urls: string[];
  media_alts: (string | null)[];
}

/**
 * The checks every composed whisp goes through, in the server's order (content, warning, poll,
 * then the attachments), with the contract's rules and words (contract/composer.ts).
 */
export function createComposer(ctx: StoreContext) {
  const checkContent = (content: string, mediaCount: number, field = 'content') => {
    const problem = contentErrorName(content, mediaCount);
    if (problem) throw failOn(field, problem);
  };
  const checkWarning = (warning: string | null | undefined) => {
    const problem = contentWarningRefusal(warning);
    if (problem) throw failOn('content_warning', problem);
    return normalizeContentWarning(warning);
  };
  const checkPoll = (poll: PollRequest | null | undefined, mediaCount: number) => {
    if (!poll) return null;
    const problem = pollRefusal(poll);
    if (problem) throw failOn('poll', problem);
    if (mediaCount > 0) throw failOn('poll', 'pollWithMedia');
    return { ...poll, options: normalizePollOptions(poll.options) };
  };
  /**
   * The stored files behind the attachments, each one uploaded by this member (400 otherwise),
   * with their descriptions: a file named twice is attached once, described as it was first.
   */
  const ownedMedia = (author: UserRecord, input: ComposedInput) => {
    const field = input.media ? 'media' : 'media_urls';
    const altByKey = new Map<string | undefined, string | null>();
    for (const { url, alt } of requestedAttachments(input)) {
      const key = MEDIA_KEY.exec(url)?.[1];
      if (!altByKey.has(key)) altByKey.set(key, alt);
    }
    const keys = [...altByKey.keys()];
    const uploads = keys.map((key) =>
      ctx.data.postMedia.find((m) => m.user_id === author.id && m.key === key),
    );
    if (uploads.some((upload) => upload === undefined)) {
      throw failOn(field, 'mediaNotUploaded');
    }
    const videos = uploads.filter((upload) => upload?.kind === 'video').length;
    if (keys.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && keys.length > 1)) {
      throw failOn(field, 'tooManyAttachments');
    }
    const alts = [...altByKey.values()];
    return {
      media_urls: keys.map((key) => `/media/${key}`),
      // As the server stores it: no descriptions at all is the empty list.
      media_alts: alts.some((alt) => alt !== null) ? alts : [],
    };
  };

  return {
    checkContent,
    checkWarning,
    checkPoll,
    ownedMedia,
    /** A whole whisp checked: 400 with the first problem's words. */
    compose(author: UserRecord, input: ComposedInput): Composed {
      const content = input.content ?? '';
      const count = requestedAttachments(input).length;
      checkContent(content, count);
      const content_warning = checkWarning(input.content_warning);
      const poll = checkPoll(input.poll, count);
      return { content, content_warning, poll, ...ownedMedia(author, input) };
    },
  };
}

export type Composer = ReturnType<typeof createComposer>;

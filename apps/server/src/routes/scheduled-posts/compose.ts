import {
  describeError,
  normalizePollOptions,
  type scheduledPostPatchBodySchema,
  scheduleRefusal,
} from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  ScheduledPostFields,
  ScheduledPostRow,
} from '../../db/repositories/scheduled-posts.js';
import type { CanReply } from '../../db/schema.js';
import { fieldError } from '../../http/api-error.js';
import { mediaUrl } from '../../http/user-shapes.js';
import { type ComposedBody, composeWhisp } from '../posts/compose.js';

type PatchBody = z.infer<typeof scheduledPostPatchBodySchema>;

/** The time as stored, or 400 unless it lies 5 minutes to a year ahead (contract/composer.ts). */
export function checkedScheduledAt(scheduledAt: string) {
  const problem = scheduleRefusal(scheduledAt);
  if (problem) throw fieldError(describeError(problem), 'scheduled_at');
  return new Date(scheduledAt);
}

/**
 * A scheduled whisp's content, checked by the rules of a whisp posted now (content, warning,
 * poll, media: ../posts/compose.ts), each in the order the composer shows them.
 */
export async function composeScheduled(
  app: FastifyInstance,
  memberId: string,
  body: ComposedBody & {
    reply_settings?: { can_reply?: CanReply | undefined; can_repost?: boolean | undefined };
  },
  current?: ScheduledPostRow,
): Promise<Omit<ScheduledPostFields, 'scheduledAt'>> {
  const whisp = await composeWhisp(app, memberId, body);
  const settings = body.reply_settings;
  return {
    content: whisp.content,
    contentWarning: whisp.contentWarning,
    mediaKeys: whisp.mediaKeys,
    mediaAlts: whisp.mediaAlts,
    poll: whisp.poll
      ? {
          // Stored as the poll will be: trimmed options (distinctness was judged on these).
          options: normalizePollOptions(whisp.poll.options),
          expires_in: whisp.poll.expires_in,
          multiple: whisp.poll.multiple,
        }
      : null,
    canReply: settings?.can_reply ?? current?.can_reply ?? 'everyone',
    canRepost: settings?.can_repost ?? current?.can_repost ?? true,
  };
}

/**
 * A PATCH over the stored whisp: the fields it gives replace theirs (null clears a warning or a
 * poll), the others stay, and the result is checked as a whole, as a new one would be.
 */
export function patchedBody(current: ScheduledPostRow, patch: PatchBody) {
  const givesMedia = patch.media !== undefined || patch.media_urls !== undefined;
  return {
    content: patch.content !== undefined ? (patch.content ?? '') : current.content,
    content_warning:
      patch.content_warning !== undefined ? patch.content_warning : current.content_warning,
    poll: patch.poll !== undefined ? patch.poll : current.poll,
    ...(givesMedia
      ? { media: patch.media, media_urls: patch.media_urls }
      : {
          media: current.media_keys.map((key, index) => ({
            url: mediaUrl(key) as string,
            alt: current.media_alts[index] ?? null,
          })),
        }),
    reply_settings: patch.reply_settings,
  };
}

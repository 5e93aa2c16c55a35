import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import type { Id, PollRequest, ReplySettings, ScheduledWhisp } from '../models.js';
import type { NewAttachment } from '../posts/posts.api.js';

/** Any of a scheduled whisp's fields; the others stay as they were. */
export interface ScheduledPostPatch {
  scheduled_at?: string;
  content?: string;
  content_warning?: string | null;
  media?: NewAttachment[];
  media_urls?: string[];
  poll?: PollRequest | null;
  reply_settings?: ReplySettings;
}

/**
 * The signed-in member's scheduled whisps (`POST /api/posts` with `scheduled_at` makes one).
 * Another member's id answers 404, as if it did not exist.
 */
export function createScheduledPostsApi({ request, media }: ApiContext) {
  const path = (id: Id) => `/api/scheduled-posts/${encodeURIComponent(id)}`;
  const attachments = (list: NewAttachment[] | undefined) =>
    list?.map((attachment) => ({ ...attachment, url: media.toServerPath(attachment.url) }));

  return {
    /** GET /api/scheduled-posts: soonest first. */
    list: async (signal?: AbortSignal): Promise<ScheduledWhisp[]> =>
      (await request<DataBody<ScheduledWhisp[]>>('/api/scheduled-posts', { signal })).data.map(
        media.scheduledWhisp,
      ),

    /** PATCH /api/scheduled-posts/{id}: the whisp as it now stands. */
    update: async (id: Id, patch: ScheduledPostPatch): Promise<ScheduledWhisp> => {
      const body = await request<DataBody<ScheduledWhisp>>(path(id), {
        method: 'PATCH',
        body: {
          ...patch,
          media: attachments(patch.media),
          media_urls: patch.media_urls?.map(media.toServerPath),
        },
      });
      return media.scheduledWhisp(body.data);
    },

    /** DELETE /api/scheduled-posts/{id}: it will not be published; its media are freed. */
    cancel: async (id: Id) => {
      const body = await request<MessageBody>(path(id), { method: 'DELETE' });
      return { message: body.message };
    },
  };
}

export type ScheduledPostsApi = ReturnType<typeof createScheduledPostsApi>;

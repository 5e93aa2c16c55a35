import { scheduleRefusal } from '../../contract/composer.js';
import { requestedAttachments } from '../../contract/endpoints/posts.js';
import { SCHEDULED_POSTS_MAX } from '../../contract/limits.js';
import type { Id, ReplySettings, ScheduledWhisp } from '../../models.js';
import { fail, failOn } from '../errors.js';
import { postMediaOf } from '../media-details.js';
import { type ComposedInput, createComposer } from './compose.js';
import { compareText, type StoreContext } from './context.js';
import type { createPostOperations } from './posts.js';
import type { ScheduledPostRecord, UserRecord } from './records.js';

export interface MockScheduledInput extends ComposedInput {
  scheduled_at: string;
  reply_settings?: Partial<ReplySettings>;
}

/** Any of a scheduled whisp's fields (PATCH); the others stay. */
export interface MockScheduledPatch extends ComposedInput {
  scheduled_at?: string;
  reply_settings?: Partial<ReplySettings>;
}

const soonestFirst = (a: ScheduledPostRecord, b: ScheduledPostRecord) =>
  compareText(a.scheduled_at, b.scheduled_at) || compareText(a.id, b.id);

/**
 * Scheduled whisps: stored with the same checks as a whisp posted now, listed, changed and
 * cancelled by their author only (another member's is "not found"), and published once the
 * store's clock passes their time.
 */
export function createScheduledOperations(
  ctx: StoreContext,
  posts: Pick<ReturnType<typeof createPostOperations>, 'insertPost'>,
) {
  const composer = createComposer(ctx);
  const nowMs = () => Date.parse(ctx.now());
  const shape = (record: ScheduledPostRecord): ScheduledWhisp => ({
    id: record.id,
    scheduled_at: record.scheduled_at,
    content: record.content,
    content_warning: record.content_warning,
    media: record.media_urls.map((url, index) =>
      postMediaOf(url, record.media_alts[index] ?? null, ctx.data.mediaDetails[url]),
    ),
    poll: record.poll ? { ...record.poll, options: [...record.poll.options] } : null,
    reply_settings: { ...record.reply_settings },
    created_at: record.created_at,
  });
  const own = (viewer: UserRecord, id: Id) => {
    const record = ctx.data.scheduledPosts.find((s) => s.id === id && s.author_id === viewer.id);
    if (!record) throw fail('scheduledPostNotFound');
    return record;
  };
  const checkTime = (scheduledAt: string) => {
    const problem = scheduleRefusal(scheduledAt, nowMs());
    if (problem) throw failOn('scheduled_at', problem);
    return new Date(Date.parse(scheduledAt)).toISOString();
  };
  const settings = (given: Partial<ReplySettings> | undefined, earlier?: ReplySettings) => ({
    can_reply: given?.can_reply ?? earlier?.can_reply ?? 'everyone',
    can_repost: given?.can_repost ?? earlier?.can_repost ?? true,
  });

  return {
    /** POST /api/posts with `scheduled_at`: checked as a whisp, then its time, then the cap. */
    schedule(viewer: UserRecord, input: MockScheduledInput) {
      const composed = composer.compose(viewer, input);
      const scheduled_at = checkTime(input.scheduled_at);
      const pending = ctx.data.scheduledPosts.filter((s) => s.author_id === viewer.id).length;
      if (pending >= SCHEDULED_POSTS_MAX) throw failOn('scheduled_at', 'tooManyScheduled');
      const record: ScheduledPostRecord = {
        id: ctx.newId('scheduled'),
        author_id: viewer.id,
        scheduled_at,
        ...composed,
        reply_settings: settings(input.reply_settings),
        created_at: ctx.now(),
      };
      ctx.data.scheduledPosts.push(record);
      return shape(record);
    },

    /** GET /api/scheduled-posts: the member's own, soonest first. */
    scheduledPosts(viewer: UserRecord) {
      return ctx.data.scheduledPosts
        .filter((s) => s.author_id === viewer.id)
        .sort(soonestFirst)
        .map(shape);
    },

    /** PATCH /api/scheduled-posts/{id}: the whole whisp is checked again as it will stand. */
    updateScheduled(viewer: UserRecord, id: Id, patch: MockScheduledPatch) {
      const record = own(viewer, id);
      const mediaGiven = patch.media !== undefined || patch.media_urls !== undefined;
      const merged: ComposedInput = {
        content: patch.content !== undefined ? (patch.content ?? '') : record.content,
        content_warning:
          patch.content_warning !== undefined ? patch.content_warning : record.content_warning,
        poll: patch.poll !== undefined ? patch.poll : record.poll,
      };
      const mediaCount = mediaGiven ? requestedAttachments(patch).length : record.media_urls.length;
      const content = merged.content ?? '';
      composer.checkContent(content, mediaCount);
      const content_warning = composer.checkWarning(merged.content_warning);
      const poll = composer.checkPoll(merged.poll, mediaCount);
      const media = mediaGiven
        ? composer.ownedMedia(viewer, patch)
        : { media_urls: record.media_urls, media_alts: record.media_alts };
      const scheduled_at =
        patch.scheduled_at !== undefined ? checkTime(patch.scheduled_at) : record.scheduled_at;
      Object.assign(record, {
        scheduled_at,
        content,
        content_warning,
        poll,
        ...media,
        reply_settings: settings(patch.reply_settings, record.reply_settings),
      });
      return shape(record);
    },

    /** DELETE /api/scheduled-posts/{id}. */
    cancelScheduled(viewer: UserRecord, id: Id) {
      const record = own(viewer, id);
      ctx.data.scheduledPosts = ctx.data.scheduledPosts.filter((s) => s !== record);
    },

    /**
     * Publishes every scheduled whisp whose time has come, soonest first, dated now (as the
     * server's job publishes within a minute of the time); its mentions notify only then. The
     * mocks run it before answering any request, so the next read after the time finds it.
     */
    publishDueScheduled() {
      const now = nowMs();
      const due = ctx.data.scheduledPosts
        .filter((s) => Date.parse(s.scheduled_at) <= now)
        .sort(soonestFirst);
      for (const record of due) {
        ctx.data.scheduledPosts = ctx.data.scheduledPosts.filter((s) => s !== record);
        const author = ctx.shapes.userById(record.author_id);
        // A member who left (or was suspended) meanwhile publishes nothing.
        if (!author || author.suspended_at) continue;
        const { content, content_warning, poll, media_urls, media_alts } = record;
        posts.insertPost(
          author,
          { content, content_warning, poll, media_urls, media_alts },
          null,
          record.reply_settings,
        );
      }
    },
  };
}

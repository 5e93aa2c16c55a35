import {
  MASTODON_SCHEDULE_MESSAGES,
  type MastodonScheduledStatus,
  mastodonEmptySchema,
  mastodonErrorSchema,
  mastodonScheduledStatusesQuery,
  mastodonScheduledStatusListSchema,
  mastodonScheduledStatusParams,
  mastodonScheduledStatusSchema,
  mastodonScheduledStatusUpdateBody,
  type mastodonStatusBody,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SignedInMember } from '../../db/repositories/users.js';
import { ApiError } from '../../http/api-error.js';
import { SCHEDULED_PUBLISHING_JOB } from '../../jobs/scheduled-publishing.js';
import { pageEnds, readMastodonPage, setPagingLinks } from '../../mastodon/paging.js';
import { toMastodonScheduledStatus } from '../../mastodon/scheduled-status.js';
import { type MastodonUrls, mastodonUrls } from '../../mastodon/urls.js';
import { checkedScheduledAt } from '../scheduled-posts/compose.js';
import { scheduleWhisp } from '../scheduled-posts/index.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Scheduled statuses (Mastodon client API 1.2, methods/scheduled_statuses.md): Whisp's scheduled
// whisps (../scheduled-posts/), created by POST /api/v1/statuses with `scheduled_at` (the branch
// in ./statuses.ts), then listed, moved and cancelled here. Whisp's rules and words apply (5
// minutes to a year ahead, at most SCHEDULED_POSTS_MAX pending, media kept for it); only the
// member's own are found: anyone else's id is "Record not found".

export interface MastodonScheduledStatusOptions {
  publicUrl: string;
}

const errors = {
  400: mastodonErrorSchema,
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  422: mastodonErrorSchema,
};

const unprocessable = (message: string) => new ApiError(422, 'UNPROCESSABLE_ENTITY', message);

type StatusBody = z.output<typeof mastodonStatusBody>;

/**
 * POST /api/v1/statuses with `scheduled_at`: stored as Whisp's own POST /api/posts stores a
 * scheduled whisp (scheduleWhisp: the same checks, limit and publishing job), and answered as a
 * ScheduledStatus. `media` names the uploads of `media_ids` (./statuses.ts), asked once the
 * request is known to be one Whisp can schedule.
 */
export async function scheduleStatus(
  app: FastifyInstance,
  urls: MastodonUrls,
  member: SignedInMember,
  body: StatusBody & { scheduled_at: string },
  media: () => Promise<{ url: string; alt: string | null }[] | undefined>,
): Promise<MastodonScheduledStatus> {
  // Whisp's scheduled whisps answer no one: refused rather than posted as something else. (A
  // direct status never comes here: ./direct.ts refuses one with scheduled_at first.)
  if (body.in_reply_to_id) throw unprocessable(MASTODON_SCHEDULE_MESSAGES.replyNotSchedulable);
  const { data } = await scheduleWhisp(app, member.id, {
    content: body.status ?? '',
    content_warning: body.spoiler_text,
    poll: body.poll
      ? {
          options: body.poll.options,
          expires_in: body.poll.expires_in,
          multiple: body.poll.multiple,
        }
      : null,
    media: await media(),
    scheduled_at: body.scheduled_at,
  });
  const row = await app.repositories.mastodonScheduled.findByWhispId(member.id, data.id);
  if (!row) throw recordNotFound();
  return toMastodonScheduledStatus(row, member.is_private, urls);
}

export const mastodonScheduledStatusRoutes: FastifyPluginAsyncZod<
  MastodonScheduledStatusOptions
> = async (app, { publicUrl }) => {
  const { mastodonScheduled, scheduledPosts } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  /** The member's scheduled whisp a Mastodon id names, or 404. */
  const ownScheduled = async (memberId: string, mastodonId: string) => {
    const row = await mastodonScheduled.find(memberId, mastodonId);
    if (!row) throw recordNotFound();
    return row;
  };

  app.get(
    '/api/v1/scheduled_statuses',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'The member’s scheduled statuses, the latest scheduled first (Link headers page)',
        querystring: mastodonScheduledStatusesQuery,
        response: { 200: mastodonScheduledStatusListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = request.member;
      const rows = await readMastodonPage(
        {
          page: (before: string | undefined, limit: number) =>
            mastodonScheduled.page(member.id, before, limit),
          // Ids grow with creation: any id bounds the page, as Mastodon's max_id does.
          cursorOf: async (mastodonId) => mastodonId,
          idOf: (row) => row.page_id,
        },
        request.query,
      );
      setPagingLinks(
        request,
        reply,
        publicUrl,
        pageEnds(rows, (row) => row.page_id, request.query.limit),
      );
      return rows.map((row) => toMastodonScheduledStatus(row, member.is_private, urls));
    },
  );

  app.get(
    '/api/v1/scheduled_statuses/:id',
    {
      config: mastodonRoute('read:statuses'),
      schema: {
        summary: 'One of the member’s scheduled statuses',
        params: mastodonScheduledStatusParams,
        response: { 200: mastodonScheduledStatusSchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const row = await ownScheduled(member.id, request.params.id);
      return toMastodonScheduledStatus(row, member.is_private, urls);
    },
  );

  app.put(
    '/api/v1/scheduled_statuses/:id',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary: 'Move a scheduled status to another time (only the time, as Mastodon)',
        params: mastodonScheduledStatusParams,
        body: mastodonScheduledStatusUpdateBody,
        response: { 200: mastodonScheduledStatusSchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const current = await ownScheduled(member.id, request.params.id);
      const time = request.body.scheduled_at;
      if (time !== undefined) {
        // As Whisp's own PATCH /api/scheduled-posts/{id} moves it: the same check and job.
        const scheduledAt = checkedScheduledAt(time);
        const moved = await scheduledPosts.update(member.id, current.id, { scheduledAt });
        // Published (or cancelled) meanwhile: no longer there to move.
        if (!moved) throw recordNotFound();
        app.jobs.kickAt(SCHEDULED_PUBLISHING_JOB, scheduledAt);
      }
      const row = await ownScheduled(member.id, request.params.id);
      return toMastodonScheduledStatus(row, member.is_private, urls);
    },
  );

  app.delete(
    '/api/v1/scheduled_statuses/:id',
    {
      config: mastodonRoute('write:statuses'),
      schema: {
        summary: 'Cancel a scheduled status; its uploads are free to attach or delete again',
        params: mastodonScheduledStatusParams,
        response: { 200: mastodonEmptySchema, ...errors },
      },
    },
    async (request) => {
      const member = request.member;
      const current = await ownScheduled(member.id, request.params.id);
      if (!(await scheduledPosts.delete(member.id, current.id))) throw recordNotFound();
      return {};
    },
  );
};

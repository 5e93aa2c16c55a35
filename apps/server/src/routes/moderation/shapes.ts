import type {
  moderationLogEntrySchema,
  moderationReportSchema,
  userSummarySchema,
} from '@whisp/api-client/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ModerationRepository } from '../../db/repositories/moderation.js';
import { toUserSummary } from '../../http/user-shapes.js';
import { loadPosts } from '../posts/load.js';

type ReportRow = Awaited<ReturnType<ModerationRepository['list']>>[number];
type LogRow = Awaited<ReturnType<ModerationRepository['log']>>[number];
type UserSummary = z.infer<typeof userSummarySchema>;

type NamedColumn =
  | 'id'
  | 'username'
  | 'display_name'
  | 'avatar_key'
  | 'host'
  | 'profile_url'
  | 'actor_uri';

/** The member a row names under `alias` (reporter_id, reporter_username, …). */
function member<Alias extends 'reporter' | 'target' | 'moderator'>(
  row: Record<`${Alias}_${NamedColumn}`, string | null> &
    Record<`${Alias}_is_verified`, boolean | null>,
  alias: Alias,
  publicUrl: string,
): UserSummary | null {
  const id = row[`${alias}_id`];
  if (id === null) return null;
  return toUserSummary(
    {
      id,
      username: row[`${alias}_username`] ?? '',
      display_name: row[`${alias}_display_name`] ?? '',
      avatar_key: row[`${alias}_avatar_key`],
      is_verified: row[`${alias}_is_verified`] ?? false,
      host: row[`${alias}_host`],
      profile_url: row[`${alias}_profile_url`],
      actor_uri: row[`${alias}_actor_uri`],
    },
    publicUrl,
  );
}

/**
 * Reports as the queue shows them, their whisps hydrated for the moderator in one query. A
 * moderator sees the whisp whoever it is by (blocks and suspensions hide nothing from them).
 */
export async function toModerationReports(
  app: FastifyInstance,
  viewerId: string,
  rows: ReportRow[],
): Promise<z.infer<typeof moderationReportSchema>[]> {
  const postIds = rows.flatMap((row) => (row.post_id ? [row.post_id] : []));
  const posts = new Map((await loadPosts(app, viewerId, postIds)).map((post) => [post.id, post]));
  return rows.map((row) => {
    const moderator = member(row, 'moderator', app.publicUrl);
    return {
      id: row.id,
      status: row.status,
      reason: row.reason,
      details: row.details,
      created_at: row.created_at.toISOString(),
      reporter: member(row, 'reporter', app.publicUrl) as UserSummary,
      target_type: row.target_type,
      post: (row.post_id && posts.get(row.post_id)) || null,
      user: member(row, 'target', app.publicUrl) as UserSummary,
      resolution:
        row.status === 'resolved' && row.resolution_action && row.resolved_at && moderator
          ? {
              action: row.resolution_action,
              note: row.resolution_note,
              moderator,
              resolved_at: row.resolved_at.toISOString(),
            }
          : null,
    };
  });
}

export function toModerationLogEntry(
  row: LogRow,
  publicUrl: string,
): z.infer<typeof moderationLogEntrySchema> {
  return {
    id: row.id,
    action: row.action,
    moderator: member(row, 'moderator', publicUrl) as UserSummary,
    target_user: member(row, 'target', publicUrl) as UserSummary,
    post_id: row.post_id,
    report_id: row.report_id,
    note: row.note,
    created_at: row.created_at.toISOString(),
  };
}

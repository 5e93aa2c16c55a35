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

/** The member a row names under `alias` (reporter_id, reporter_username, …). */
function member<Alias extends 'reporter' | 'target' | 'moderator'>(
  row: Record<`${Alias}_${'id' | 'username' | 'display_name' | 'avatar_key'}`, string | null> &
    Record<`${Alias}_is_verified`, boolean | null>,
  alias: Alias,
): UserSummary | null {
  const id = row[`${alias}_id`];
  if (id === null) return null;
  return toUserSummary({
    id,
    username: row[`${alias}_username`] ?? '',
    display_name: row[`${alias}_display_name`] ?? '',
    avatar_key: row[`${alias}_avatar_key`],
    is_verified: row[`${alias}_is_verified`] ?? false,
  });
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
    const moderator = member(row, 'moderator');
    return {
      id: row.id,
      status: row.status,
      reason: row.reason,
      details: row.details,
      created_at: row.created_at.toISOString(),
      reporter: member(row, 'reporter') as UserSummary,
      target_type: row.target_type,
      post: (row.post_id && posts.get(row.post_id)) || null,
      user: member(row, 'target') as UserSummary,
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

export function toModerationLogEntry(row: LogRow): z.infer<typeof moderationLogEntrySchema> {
  return {
    id: row.id,
    action: row.action,
    moderator: member(row, 'moderator') as UserSummary,
    target_user: member(row, 'target') as UserSummary,
    post_id: row.post_id,
    report_id: row.report_id,
    note: row.note,
    created_at: row.created_at.toISOString(),
  };
}

import { z } from 'zod';
import {
  INSTANCE_POLICIES,
  MODERATION_ACTIONS,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../choices.js';
import { postSchema } from './posts.js';
import { userSummarySchema } from './users.js';

/** How a report was closed, by whom and when. */
export const reportResolutionSchema = z.object({
  action: z.enum(REPORT_ACTIONS),
  note: z.string().nullable(),
  moderator: userSummarySchema,
  resolved_at: z.string(),
});

/** A report as the moderation queue shows it. */
export const moderationReportSchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  created_at: z.string(),
  reporter: userSummarySchema,
  target_type: z.enum(REPORT_TARGET_TYPES),
  /** The reported whisp; null for a report of a member, or once the whisp is deleted. */
  post: postSchema.nullable(),
  /** The reported member: for a whisp report, its author. */
  user: userSummarySchema,
  resolution: reportResolutionSchema.nullable(),
});

/** One entry of the moderation log. */
export const moderationLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  moderator: userSummarySchema,
  target_user: userSummarySchema,
  post_id: z.string().nullable(),
  report_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

/**
 * Another server as moderators see it (`GET /api/moderation/instances`): one whose members are
 * known here, or one with a policy set (a server can be suspended before anyone meets it).
 */
export const moderationInstanceSchema = z.object({
  /** Lower case, with its port when it has one. */
  host: z.string(),
  /** Its members known here: followed, mentioned or met through their activities. */
  members: z.number().int(),
  /** The policy in force, or null for none. */
  policy: z.enum(INSTANCE_POLICIES).nullable(),
  /** Why the policy was set; null with no policy. */
  reason: z.string().nullable(),
  /** When the policy in force was set; null with no policy. */
  since: z.string().nullable(),
});

import { z } from 'zod';
import {
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

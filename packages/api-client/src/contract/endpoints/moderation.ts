import { z } from 'zod';
import {
  INSTANCE_POLICIES,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  ROLES,
} from '../choices.js';
import { errorMessage } from '../errors.js';
import { isInstanceHost, normaliseInstanceHost } from '../instance-hosts.js';
import {
  INSTANCE_POLICY_REASON_MAX_LENGTH,
  MODERATION_NOTE_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
} from '../limits.js';
import {
  moderationInstanceSchema,
  moderationLogEntrySchema,
  moderationReportSchema,
} from '../shapes/moderation.js';
import { dataResponse, successTrue } from './common.js';

// Reports (of whisps and members), the moderation queue and log, suspension, and roles.

const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A report's reason: one of REPORT_REASONS, taken in any case and with spaces around it (old
 * clients sent free text here, and "Spam" meant spam). Missing is "Please give a reason".
 */
const reportReason = z.preprocess(
  (value) => {
    const present = blankAsMissing(value);
    return typeof present === 'string' ? present.trim().toLowerCase() : present;
  },
  z.enum(REPORT_REASONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? errorMessage('reportReasonRequired')
        : errorMessage('reportReasonInvalid'),
  }),
);

/** POST /api/posts/{id}/report and /api/users/{id}/report. */
export const reportBodySchema = z.object({
  reason: reportReason.describe(`One of ${REPORT_REASONS.join(', ')}`),
  details: z
    .string()
    .max(REPORT_DETAILS_MAX_LENGTH, errorMessage('reportDetailsTooLong'))
    .nullish()
    .transform((value) => value?.trim() || null),
  forward: z
    .boolean()
    .optional()
    .describe(
      'For a member of another server: also send the report (reason and details, not who sent it) to their server',
    ),
});

/** GET /api/moderation/reports. */
export const moderationReportsQuery = z.object({
  status: z
    .enum(REPORT_STATUSES)
    .default('open')
    .describe('open (oldest first, the default) or resolved (newest first)'),
});
export const moderationReportsResponse = dataResponse(z.array(moderationReportSchema));

/** POST /api/moderation/reports/{id}/resolve. */
export const reportIdParams = z.object({ id: z.string().describe('A report id') });
export const resolveReportBodySchema = z.object({
  action: z.enum(REPORT_ACTIONS).describe(REPORT_ACTIONS.join(', ')),
  note: z
    .string()
    .max(MODERATION_NOTE_MAX_LENGTH, errorMessage('moderationNoteTooLong'))
    .nullish()
    .transform((value) => value?.trim() || null)
    .describe('Shown to the member in the notice of a removal or suspension'),
});
export const resolvedReportResponse = dataResponse(moderationReportSchema);

/** GET /api/moderation/log. */
export const moderationLogResponse = dataResponse(z.array(moderationLogEntrySchema));

/** POST /api/moderation/users/{id}/unsuspend. */
export const suspensionResponse = dataResponse(
  z.object({ id: z.string(), suspended: z.boolean() }),
);

/** PUT /api/admin/users/{id}/role. */
export const roleBodySchema = z.object({ role: z.enum(ROLES).describe(ROLES.join(', ')) });
export const roleResponse = z.object({
  success: successTrue,
  data: z.object({ id: z.string(), username: z.string(), role: z.enum(ROLES) }),
});

/** GET /api/moderation/instances: known servers and servers with a policy, by host. */
export const moderationInstancesResponse = dataResponse(z.array(moderationInstanceSchema));

/** PUT and DELETE /api/moderation/instances/{host}: the host in any case, stored lower case. */
export const instanceHostParams = z.object({
  host: z
    .string()
    .transform(normaliseInstanceHost)
    .refine(isInstanceHost, errorMessage('instanceHostInvalid'))
    .describe('The server’s host, with its port if it has one: example.com, example.com:8443'),
});

const missing = (input: unknown) => input === undefined || input === null;

/** PUT /api/moderation/instances/{host}: a new policy replaces the one in force. */
export const instancePolicyBodySchema = z.object({
  policy: z
    .enum(INSTANCE_POLICIES, { error: () => errorMessage('instancePolicyInvalid') })
    .describe(
      'silence: its members reach only their followers here; suspend: its activities are refused and nothing is delivered to it',
    ),
  reason: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({
          error: (issue) =>
            missing(issue.input) ? errorMessage('instanceReasonRequired') : undefined,
        })
        .min(1, errorMessage('instanceReasonRequired'))
        .max(INSTANCE_POLICY_REASON_MAX_LENGTH, errorMessage('instanceReasonTooLong')),
    )
    .describe(
      `Why, for the other moderators; up to ${INSTANCE_POLICY_REASON_MAX_LENGTH} characters`,
    ),
});

/** PUT and DELETE /api/moderation/instances/{host}: the server as the list now shows it. */
export const moderationInstanceResponse = dataResponse(moderationInstanceSchema);

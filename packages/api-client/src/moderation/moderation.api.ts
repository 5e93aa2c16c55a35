import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import type {
  Id,
  InstancePolicy,
  ModerationInstance,
  ModerationLogEntry,
  ModerationReport,
  ReportAction,
  ReportReason,
  ReportStatus,
  Role,
} from '../models.js';

/** A report of a whisp or a member (`POST /api/posts/{id}/report`, `/api/users/{id}/report`). */
export interface ReportInput {
  reason: ReportReason;
  /** Up to `REPORT_DETAILS_MAX_LENGTH` characters. */
  details?: string;
  /**
   * Also send the report (reason and details, not the reporter) to the server of the member
   * reported or of the whisp's author; ignored for this server's members.
   */
  forward?: boolean;
}

/** How a moderator closes a report. */
export interface ReportResolution {
  action: ReportAction;
  /** Shown to the member in the notice of a removal or suspension; up to `MODERATION_NOTE_MAX_LENGTH`. */
  note?: string;
}

/** A moderator's policy on another server. */
export interface InstancePolicyInput {
  policy: InstancePolicy;
  /** Why, for the other moderators; up to `INSTANCE_POLICY_REASON_MAX_LENGTH` characters. */
  reason: string;
}

/** A member's role after `setRole`. */
export interface MemberRole {
  id: Id;
  username: string;
  role: Role;
}

export function createModerationApi({ request, media }: ApiContext) {
  const report = (entry: ModerationReport): ModerationReport => ({
    ...entry,
    reporter: media.user(entry.reporter),
    user: media.user(entry.user),
    post: entry.post ? media.post(entry.post) : null,
    resolution: entry.resolution
      ? { ...entry.resolution, moderator: media.user(entry.resolution.moderator) }
      : null,
  });

  return {
    /** POST /api/posts/{id}/report (201); a second report while the first is open is one report. */
    reportPost: async (postId: Id, input: ReportInput) =>
      (
        await request<MessageBody>(`/api/posts/${encodeURIComponent(postId)}/report`, {
          method: 'POST',
          body: input,
        })
      ).message,

    /** POST /api/users/{id}/report (201). */
    reportUser: async (userId: Id, input: ReportInput) =>
      (
        await request<MessageBody>(`/api/users/${encodeURIComponent(userId)}/report`, {
          method: 'POST',
          body: input,
        })
      ).message,

    /** GET /api/moderation/reports: open ones oldest first, resolved ones newest first. */
    listReports: async (status: ReportStatus = 'open', signal?: AbortSignal) =>
      (
        await request<DataBody<ModerationReport[]>>('/api/moderation/reports', {
          query: { status },
          signal,
        })
      ).data.map(report),

    /** POST /api/moderation/reports/{id}/resolve: the report as it is now. */
    resolveReport: async (reportId: Id, resolution: ReportResolution) =>
      report(
        (
          await request<DataBody<ModerationReport>>(
            `/api/moderation/reports/${encodeURIComponent(reportId)}/resolve`,
            { method: 'POST', body: resolution },
          )
        ).data,
      ),

    /** GET /api/moderation/log: every action taken, newest first. */
    log: async (signal?: AbortSignal) =>
      (await request<DataBody<ModerationLogEntry[]>>('/api/moderation/log', { signal })).data.map(
        (entry) => ({
          ...entry,
          moderator: media.user(entry.moderator),
          target_user: media.user(entry.target_user),
        }),
      ),

    /** POST /api/moderation/users/{id}/unsuspend. */
    unsuspend: async (userId: Id) =>
      (
        await request<DataBody<{ id: Id; suspended: boolean }>>(
          `/api/moderation/users/${encodeURIComponent(userId)}/unsuspend`,
          { method: 'POST' },
        )
      ).data,

    /** GET /api/moderation/instances: known servers and servers with a policy, by host. */
    listInstances: async (signal?: AbortSignal) =>
      (await request<DataBody<ModerationInstance[]>>('/api/moderation/instances', { signal })).data,

    /** PUT /api/moderation/instances/{host}: silences or suspends a server; the server as it is now. */
    setInstancePolicy: async (host: string, input: InstancePolicyInput) =>
      (
        await request<DataBody<ModerationInstance>>(
          `/api/moderation/instances/${encodeURIComponent(host)}`,
          { method: 'PUT', body: input },
        )
      ).data,

    /** DELETE /api/moderation/instances/{host}: lifts the policy (404 when there is none). */
    liftInstancePolicy: async (host: string) =>
      (
        await request<DataBody<ModerationInstance>>(
          `/api/moderation/instances/${encodeURIComponent(host)}`,
          { method: 'DELETE' },
        )
      ).data,

    /** PUT /api/admin/users/{id}/role (admins only). */
    setRole: async (userId: Id, role: Role) =>
      (
        await request<DataBody<MemberRole>>(`/api/admin/users/${encodeURIComponent(userId)}/role`, {
          method: 'PUT',
          body: { role },
        })
      ).data,
  };
}

export type ModerationApi = ReturnType<typeof createModerationApi>;

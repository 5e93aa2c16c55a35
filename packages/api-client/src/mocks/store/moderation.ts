import type {
  ReportAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
  Role,
} from '../../contract/choices.js';
import { moderationNotice } from '../../contract/moderation-notices.js';
import { moderationRefusal, roleChangeRefusal } from '../../contract/rules.js';
import type { Id, ModerationLogEntry, ModerationReport } from '../../models.js';
import { fail, MockError } from '../errors.js';
import { compareText, type StoreContext } from './context.js';
import type { ModerationLogRecord, ReportRecord, UserRecord } from './records.js';

/** What moderation needs of the whisp operations: deleting a whisp as its author would. */
interface PostRemoval {
  remove(author: UserRecord, id: Id): void;
}

const roleOf = (user: UserRecord): Role => user.role ?? 'member';
const refuse = (description: { status: number; code: string; message: string }) =>
  new MockError(description.status, description.code, description.message);

/** Reports, the moderation queue and log, suspension and roles, by the server's rules. */
export function createModerationOperations(ctx: StoreContext, posts: PostRemoval) {
  const findMember = (id: Id) => {
    const user = ctx.shapes.userById(id);
    if (!user) throw fail('userNotFound');
    return user;
  };
  // Members hear 403 before anything about the report or member they named.
  const requireStaff = (viewer: UserRecord) => {
    const role = roleOf(viewer);
    if (role !== 'moderator' && role !== 'admin') throw fail('forbidden');
  };
  const requireMayModerate = (viewer: UserRecord, target: UserRecord) => {
    const refusal = moderationRefusal(
      { id: viewer.id, role: roleOf(viewer) },
      { id: target.id, role: roleOf(target) },
    );
    if (refusal) throw refuse(refusal);
  };

  /** One open report per reporter and target: a second one while it is open changes nothing. */
  const file = (
    viewer: UserRecord,
    target: { type: ReportTargetType; postId: Id | null; userId: Id },
    reason: ReportReason,
    details: string | null,
  ) => {
    const open = ctx.data.reports.find(
      (report) =>
        report.resolution === null &&
        report.user_id === viewer.id &&
        report.target_type === target.type &&
        (target.type === 'post'
          ? report.post_id === target.postId
          : report.target_user_id === target.userId),
    );
    if (open) return;
    ctx.data.reports.push({
      id: ctx.newId('report'),
      user_id: viewer.id,
      target_type: target.type,
      post_id: target.postId,
      target_user_id: target.userId,
      reason,
      details,
      created_at: ctx.now(),
      resolution: null,
    });
  };

  const log = (entry: Omit<ModerationLogRecord, 'id' | 'created_at'>) => {
    ctx.data.moderationLog.push({ ...entry, id: ctx.newId('moderation'), created_at: ctx.now() });
  };

  /** The member hears what moderation did, from "Whisp moderation" (themself as the actor). */
  const notice = (member: UserRecord, message: string) => {
    const record = {
      id: ctx.newId('notification'),
      user_id: member.id,
      actor_id: member.id,
      type: 'moderation' as const,
      post_id: null,
      is_read: false,
      created_at: ctx.now(),
      message,
    };
    ctx.data.notifications.push(record);
    ctx.emit(member.id, { type: 'notification', data: ctx.shapes.notification(record) });
    ctx.emit(member.id, { type: 'unread', data: ctx.unreadCounts(member.id) });
  };

  /** Suspends the member and ends every session of theirs; false when they already were. */
  const suspend = (member: UserRecord) => {
    if (member.suspended_at) return false;
    member.suspended_at = ctx.now();
    for (const [token, userId] of Object.entries(ctx.data.sessions)) {
      if (userId === member.id) delete ctx.data.sessions[token];
    }
    return true;
  };

  const exists = (id: Id) => ctx.shapes.userById(id) !== undefined;
  const namesLiveMembers = (report: ReportRecord) =>
    exists(report.user_id) &&
    exists(report.target_user_id) &&
    (!report.resolution || exists(report.resolution.moderator_id));

  const reportShape = (record: ReportRecord, viewerId: Id): ModerationReport => {
    const post = record.post_id ? ctx.data.posts.find((p) => p.id === record.post_id) : undefined;
    return {
      id: record.id,
      status: record.resolution ? 'resolved' : 'open',
      reason: record.reason,
      details: record.details,
      created_at: record.created_at,
      reporter: ctx.shapes.summary(ctx.shapes.member(record.user_id)),
      target_type: record.target_type,
      post: post ? ctx.shapes.post(post, viewerId) : null,
      user: ctx.shapes.summary(ctx.shapes.member(record.target_user_id)),
      resolution: record.resolution
        ? {
            action: record.resolution.action,
            note: record.resolution.note,
            moderator: ctx.shapes.summary(ctx.shapes.member(record.resolution.moderator_id)),
            resolved_at: record.resolution.resolved_at,
          }
        : null,
    };
  };

  return {
    /** 403 for a member: the server refuses them before it reads the request. */
    requireStaff,
    requireAdmin(viewer: UserRecord) {
      if (roleOf(viewer) !== 'admin') throw fail('adminOnly');
    },

    reportPost(viewer: UserRecord, postId: Id, reason: ReportReason, details: string | null) {
      const post = ctx.data.posts.find((p) => p.id === postId);
      if (!post || ctx.shapes.userById(post.author_id)?.suspended_at) throw fail('postNotFound');
      file(viewer, { type: 'post', postId: post.id, userId: post.author_id }, reason, details);
    },

    reportUser(viewer: UserRecord, userId: Id, reason: ReportReason, details: string | null) {
      const member = findMember(userId);
      if (member.suspended_at) throw fail('userNotFound');
      if (member.id === viewer.id) throw fail('cannotReportYourself');
      file(viewer, { type: 'user', postId: null, userId: member.id }, reason, details);
    },

    /** Open reports oldest first (the queue); resolved ones most recently resolved first. */
    moderationReports(viewer: UserRecord, status: ReportStatus) {
      requireStaff(viewer);
      // A report goes with the accounts it names, as the server's foreign keys take it along.
      const chosen = ctx.data.reports.filter(
        (r) => (status === 'open') === (r.resolution === null) && namesLiveMembers(r),
      );
      const sorted =
        status === 'open'
          ? chosen.sort(
              (a, b) => a.created_at.localeCompare(b.created_at) || compareText(a.id, b.id),
            )
          : chosen.sort(
              (a, b) =>
                (b.resolution?.resolved_at ?? '').localeCompare(a.resolution?.resolved_at ?? '') ||
                compareText(b.id, a.id),
            );
      return sorted.map((record) => reportShape(record, viewer.id));
    },

    resolveReport(viewer: UserRecord, reportId: Id, action: ReportAction, note: string | null) {
      requireStaff(viewer);
      const report = ctx.data.reports.find((r) => r.id === reportId);
      if (!report) throw fail('reportNotFound');
      if (report.resolution) throw fail('reportAlreadyResolved');
      const target = findMember(report.target_user_id);
      requireMayModerate(viewer, target);
      const resolution = { action, note, moderator_id: viewer.id, resolved_at: ctx.now() };
      const postId = report.post_id;
      if (action === 'remove_post') {
        if (report.target_type !== 'post') throw fail('removeNeedsWhispReport');
        if (!postId || !ctx.data.posts.some((p) => p.id === postId)) {
          throw fail('whispAlreadyDeleted');
        }
        // Every open report of the whisp is answered by its removal.
        for (const other of ctx.data.reports) {
          if (other.post_id === postId && other.resolution === null) {
            other.resolution = { ...resolution };
          }
        }
        posts.remove(target, postId);
        notice(target, moderationNotice('remove_post', report.reason, note));
      } else {
        report.resolution = resolution;
        if (action === 'suspend_user' && suspend(target)) {
          notice(target, moderationNotice('suspend_user', report.reason, note));
        }
      }
      log({
        action,
        moderator_id: viewer.id,
        target_user_id: target.id,
        post_id: postId,
        report_id: report.id,
        note,
      });
      return reportShape(report, viewer.id);
    },

    /** Every action taken, newest first. */
    moderationLog(viewer: UserRecord): ModerationLogEntry[] {
      requireStaff(viewer);
      const live = ctx.data.moderationLog.filter(
        (entry) => exists(entry.moderator_id) && exists(entry.target_user_id),
      );
      return [...live].reverse().map((entry) => ({
        id: entry.id,
        action: entry.action,
        moderator: ctx.shapes.summary(ctx.shapes.member(entry.moderator_id)),
        target_user: ctx.shapes.summary(ctx.shapes.member(entry.target_user_id)),
        post_id: entry.post_id,
        report_id: entry.report_id,
        note: entry.note,
        created_at: entry.created_at,
      }));
    },

    unsuspend(viewer: UserRecord, userId: Id) {
      requireStaff(viewer);
      const member = findMember(userId);
      requireMayModerate(viewer, member);
      if (member.suspended_at) {
        member.suspended_at = null;
        log({
          action: 'unsuspend_user',
          moderator_id: viewer.id,
          target_user_id: member.id,
          post_id: null,
          report_id: null,
          note: null,
        });
      }
      return { id: member.id, suspended: false };
    },

    setRole(viewer: UserRecord, userId: Id, role: Role) {
      // A member hears 403 whatever the id; only an admin learns whether the member exists.
      if (roleOf(viewer) !== 'admin') throw fail('adminOnly');
      const member = findMember(userId);
      const refusal = roleChangeRefusal(
        { id: viewer.id, role: roleOf(viewer) },
        { id: member.id, role: roleOf(member), adminByConfiguration: false },
      );
      if (refusal) throw refuse(refusal);
      member.role = role;
      return { id: member.id, username: member.username, role };
    },

    /** What `pnpm whisp role` does on a real server: tests and stories make staff with it. */
    grantRole(userId: Id, role: Role) {
      findMember(userId).role = role;
    },
  };
}

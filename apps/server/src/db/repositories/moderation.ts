import {
  type ErrorDescription,
  type ModerationParty,
  moderationNotice,
  moderationRefusal,
  type ReportAction,
  type ReportReason,
  type ReportStatus,
  type Role,
} from '@whisp/api-client/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { ApiError, apiError } from '../../http/api-error.js';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { memberAddressColumns } from './member-address.js';
import type { NotificationsRepository } from './notifications.js';
import { EVERY_MEMBER, type MemberChanged, nothingCached } from './users.js';

type Db = Kysely<DatabaseSchema>;
type Tx = Transaction<DatabaseSchema>;

/** What a report names: a whisp (and so its author) or a member. */
export type ReportTarget =
  | { type: 'post'; postId: string; authorId: string }
  | { type: 'user'; userId: string };

export interface NewReport {
  reporterId: string;
  target: ReportTarget;
  reason: ReportReason;
  details: string | null;
}

export interface Resolution {
  reportId: string;
  moderator: ModerationParty;
  action: ReportAction;
  note: string | null;
}

// Refusals are the contract's own (rules.ts), so the server and the mocks refuse alike; this
// module throws them as the HTTP errors they are.
const refused = (description: ErrorDescription) => ApiError.from(description);

/** The member columns a report or log entry shows of each person it names. */
function summaryOf<Alias extends 'reporter' | 'target' | 'moderator'>(alias: Alias) {
  return [
    ...([
      `${alias}.id as ${alias}_id`,
      `${alias}.username as ${alias}_username`,
      `${alias}.display_name as ${alias}_display_name`,
      `${alias}.avatar_key as ${alias}_avatar_key`,
      `${alias}.is_verified as ${alias}_is_verified`,
    ] as [
      `${Alias}.id as ${Alias}_id`,
      `${Alias}.username as ${Alias}_username`,
      `${Alias}.display_name as ${Alias}_display_name`,
      `${Alias}.avatar_key as ${Alias}_avatar_key`,
      `${Alias}.is_verified as ${Alias}_is_verified`,
    ]),
    ...memberAddressColumns(alias, `${alias}_` as `${Alias}_`),
  ] as const;
}

/**
 * Reports, the moderation queue and log, suspension and roles. Every action runs in one
 * transaction with its log entry and the notice to the member, so none is ever half done.
 */
export function createModerationRepository(
  db: Db,
  notifications: NotificationsRepository,
  memberChanged: MemberChanged = nothingCached,
  adminEmails: readonly string[] = [],
) {
  const isConfiguredAdmin = (email: string | null) =>
    email !== null && adminEmails.includes(email.toLowerCase());
  const roleInForce = (member: { email: string | null; role: Role }): Role =>
    isConfiguredAdmin(member.email) ? 'admin' : member.role;

  /** The member a moderation action is about, locked until the action commits. */
  async function lockMember(transaction: Tx, id: string) {
    const row = await transaction
      .selectFrom('users')
      .select(['id', 'email', 'role', 'suspended_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row && { ...row, role: roleInForce(row) };
  }

  async function log(
    transaction: Tx,
    entry: {
      action: 'dismiss' | 'remove_post' | 'suspend_user' | 'unsuspend_user';
      moderatorId: string;
      targetUserId: string;
      postId: string | null;
      reportId: string | null;
      note: string | null;
    },
  ) {
    await transaction
      .insertInto('moderation_actions')
      .values({
        action: entry.action,
        moderator_id: entry.moderatorId,
        target_user_id: entry.targetUserId,
        post_id: entry.postId,
        report_id: entry.reportId,
        note: entry.note,
      })
      .execute();
  }

  /** The notice to the member; they are its actor, so no moderator's name reaches them. */
  async function notify(transaction: Tx, memberId: string, message: string) {
    const row = await transaction
      .insertInto('notifications')
      .values({ recipient_id: memberId, actor_id: memberId, type: 'moderation', message })
      .returning('id')
      .executeTakeFirstOrThrow();
    notifications.stage(transaction, { memberId, kind: 'notification', id: row.id });
  }

  /** Suspends the member and ends every session of theirs; false when they already were. */
  async function suspend(transaction: Tx, memberId: string, at: Date) {
    const changed = await transaction
      .updateTable('users')
      .set({ suspended_at: at })
      .where('id', '=', memberId)
      .where('suspended_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!changed) return false;
    await transaction
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  }

  function selectReports(executor: Db | Tx) {
    return executor
      .selectFrom('reports as r')
      .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
      .innerJoin('users as target', 'target.id', 'r.target_user_id')
      .leftJoin('users as moderator', 'moderator.id', 'r.resolved_by')
      .select([
        'r.id',
        'r.status',
        'r.reason',
        'r.details',
        'r.created_at',
        'r.target_type',
        'r.post_id',
        'r.resolution_action',
        'r.resolution_note',
        'r.resolved_at',
        ...summaryOf('reporter'),
        ...summaryOf('target'),
        ...summaryOf('moderator'),
      ]);
  }

  return {
    /** Whether a member exists and is not suspended: who can be reported (and whose whisps). */
    async isReportable(memberId: string) {
      if (!isId(memberId)) return false;
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', memberId)
        .where('suspended_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Files a report, unless this member already has an open one of the same target: the unique
     * indexes of 0013_moderation.sql keep one, even when two requests race.
     */
    async file(report: NewReport) {
      const { target } = report;
      await db
        .insertInto('reports')
        .values({
          reporter_id: report.reporterId,
          target_type: target.type,
          post_id: target.type === 'post' ? target.postId : null,
          target_user_id: target.type === 'post' ? target.authorId : target.userId,
          reason: report.reason,
          details: report.details,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /** Open reports oldest first (the queue); resolved ones most recently resolved first. */
    list(status: ReportStatus) {
      const query = selectReports(db).where('r.status', '=', status);
      return (
        status === 'open'
          ? query.orderBy('r.created_at').orderBy('r.id')
          : // A resolution shows its moderator: one whose account is gone leaves no one to show.
            query
              .where('r.resolved_by', 'is not', null)
              .orderBy('r.resolved_at', 'desc')
              .orderBy('r.id', 'desc')
      ).execute();
    },

    findReport(id: string) {
      if (!isId(id)) return Promise.resolve(undefined);
      return selectReports(db).where('r.id', '=', id).executeTakeFirst();
    },

    /**
     * Resolves a report. remove_post deletes the whisp as its author's delete would and resolves
     * every open report of it; suspend_user suspends the member and ends their sessions. The
     * member hears of a removal or a (new) suspension; a dismissal tells nobody.
     */
    async resolve({ reportId, moderator, action, note }: Resolution) {
      if (!isId(reportId)) throw apiError('reportNotFound');
      const outcome = await notifications.transaction(async (transaction) => {
        const report = await transaction
          .selectFrom('reports')
          .select(['id', 'status', 'reason', 'target_type', 'post_id', 'target_user_id'])
          .where('id', '=', reportId)
          .forUpdate()
          .executeTakeFirst();
        if (!report?.target_user_id) throw apiError('reportNotFound');
        if (report.status !== 'open') throw apiError('reportAlreadyResolved');
        const target = await lockMember(transaction, report.target_user_id);
        if (!target) throw apiError('reportNotFound');
        const refusal = moderationRefusal(moderator, target);
        if (refusal) throw refused(refusal);

        const at = new Date();
        const resolution = {
          status: 'resolved' as const,
          resolution_action: action,
          resolution_note: note,
          resolved_by: moderator.id,
          resolved_at: at,
        };
        let suspended = false;
        if (action === 'remove_post') {
          if (report.target_type !== 'post') throw apiError('removeNeedsWhispReport');
          const postId = report.post_id;
          if (!postId) throw apiError('whispAlreadyDeleted');
          await transaction
            .updateTable('reports')
            .set(resolution)
            .where('post_id', '=', postId)
            .where('status', '=', 'open')
            .execute();
          // Its likes, bookmarks, rewhisps and notifications go with it (foreign keys).
          await transaction.deleteFrom('posts').where('id', '=', postId).execute();
          await notify(
            transaction,
            target.id,
            moderationNotice('remove_post', report.reason, note),
          );
        } else {
          await transaction
            .updateTable('reports')
            .set(resolution)
            .where('id', '=', report.id)
            .execute();
          if (action === 'suspend_user') {
            suspended = await suspend(transaction, target.id, at);
            if (suspended) {
              await notify(
                transaction,
                target.id,
                moderationNotice('suspend_user', report.reason, note),
              );
            }
          }
        }
        await log(transaction, {
          action,
          moderatorId: moderator.id,
          targetUserId: target.id,
          postId: report.post_id,
          reportId: report.id,
          note,
        });
        return { targetId: target.id, suspended };
      });
      // Every instance forgets the member's cached sign-ins before the moderator hears "done",
      // and everyone else's, which carry whether anyone is suspended (visibility.ts).
      if (outcome.suspended) {
        await Promise.all([memberChanged(outcome.targetId), memberChanged(EVERY_MEMBER)]);
      }
      return outcome;
    },

    /** Lifts a suspension (nothing to do when there is none); false for an unknown member. */
    async unsuspend(moderator: ModerationParty, memberId: string) {
      if (!isId(memberId)) return false;
      const lifted = await db.transaction().execute(async (transaction) => {
        const member = await lockMember(transaction, memberId);
        if (!member) return undefined;
        const refusal = moderationRefusal(moderator, member);
        if (refusal) throw refused(refusal);
        if (member.suspended_at === null) return false;
        await transaction
          .updateTable('users')
          .set({ suspended_at: null })
          .where('id', '=', member.id)
          .execute();
        await log(transaction, {
          action: 'unsuspend_user',
          moderatorId: moderator.id,
          targetUserId: member.id,
          postId: null,
          reportId: null,
          note: null,
        });
        return true;
      });
      if (lifted === undefined) return false;
      if (lifted) await Promise.all([memberChanged(memberId), memberChanged(EVERY_MEMBER)]);
      return true;
    },

    /** Every action taken, newest first. */
    log() {
      return db
        .selectFrom('moderation_actions as a')
        .innerJoin('users as moderator', 'moderator.id', 'a.moderator_id')
        .innerJoin('users as target', 'target.id', 'a.target_user_id')
        .select([
          'a.id',
          'a.action',
          'a.post_id',
          'a.report_id',
          'a.note',
          'a.created_at',
          ...summaryOf('moderator'),
          ...summaryOf('target'),
        ])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
    },

    /** A member's role as in force, and whether WHISP_ADMIN_EMAILS is what makes it `admin`. */
    async findMemberRole(by: { id: string } | { username: string }) {
      if ('id' in by && !isId(by.id)) return undefined;
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'role'])
        .$if('id' in by, (query) => query.where('id', '=', (by as { id: string }).id))
        .$if('username' in by, (query) =>
          query
            .where(sql`lower(username)`, '=', (by as { username: string }).username.toLowerCase())
            // Roles are granted to members of this server only (by the CLI, by username).
            .where('host', 'is', null),
        )
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        username: row.username,
        role: roleInForce(row),
        adminByConfiguration: isConfiguredAdmin(row.email),
      };
    },

    /**
     * Grants a role. Every instance then forgets the member's cached sign-ins, so a new moderator
     * reaches the queue (and a former one stops) at their next request.
     */
    async setRole(memberId: string, role: Role) {
      await db.updateTable('users').set({ role }).where('id', '=', memberId).execute();
      await memberChanged(memberId);
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

import { describeError, type ReportReason, reportBodySchema } from '@whisp/api-client/contract';
import {
  MASTODON_DISCOVERY_MESSAGES,
  mastodonErrorSchema,
  mastodonReportBody,
  mastodonReportSchema,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReportTarget } from '../../db/repositories/moderation.js';
import { ApiError } from '../../http/api-error.js';
import { toMastodonAccount } from '../../mastodon/account.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Reports (Mastodon client API 1.2, methods/reports.md) are Whisp's reports, filed as Whisp's own
// POST /api/users/{id}/report and /api/posts/{id}/report file them (moderation.file), so they
// wait in the same moderators' queue. A Mastodon report names an account and any of its
// statuses; a Whisp report names one whisp or one member, so each status is a whisp report of
// its own (a moderator can then remove each), and a report without statuses reports the member.
//
// Categories map to Whisp's reasons: `spam` is spam; `legal`, `violation` and `other` are other
// (Whisp has no legal reason and no server rules: its reasons are about the harm, which the
// comment, kept as the report's details, tells). The answer says what Whisp recorded.

const errors = {
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  422: mastodonErrorSchema,
};
const refuse = (message: string) => new ApiError(422, 'UNPROCESSABLE_ENTITY', message);

const toReason = (category: string | undefined): ReportReason =>
  category === 'spam' ? 'spam' : 'other';

export interface MastodonReportOptions {
  publicUrl: string;
}

export const mastodonReportRoutes: FastifyPluginAsyncZod<MastodonReportOptions> = async (
  app,
  { publicUrl },
) => {
  const {
    moderation,
    posts,
    mastodon,
    mastodonRelationships,
    mastodonReports: reports,
  } = app.repositories;
  const urls = mastodonUrls(publicUrl);

  app.post(
    '/api/v1/reports',
    {
      config: mastodonRoute('write:reports'),
      schema: {
        summary: 'Report an account, or some of its statuses, to Whisp’s moderators',
        body: mastodonReportBody,
        response: { 200: mastodonReportSchema, ...errors },
      },
    },
    async (request) => {
      const { member, body } = request;
      if (body.account_id === undefined) throw refuse(MASTODON_DISCOVERY_MESSAGES.accountRequired);
      if (body.rule_ids.length > 0) throw refuse(MASTODON_DISCOVERY_MESSAGES.noRules);
      // Whisp's own checks of a report, in the order its routes make them (moderation/reports.ts).
      const accountId = String(body.account_id);
      const memberId = await mastodonRelationships.memberIdOf(accountId);
      if (!memberId || !(await moderation.isReportable(memberId))) throw recordNotFound();
      if (memberId === member.id) throw refuse(describeError('cannotReportYourself').message);
      const parsed = reportBodySchema.safeParse({
        reason: toReason(body.category),
        details: body.comment,
      });
      if (!parsed.success) {
        throw refuse(parsed.error.issues[0]?.message ?? MASTODON_DISCOVERY_MESSAGES.commentTooLong);
      }

      // Every status is checked before anything is filed: a refusal files nothing.
      const statusIds = [...new Set(body.status_ids)];
      const targets: ReportTarget[] = [];
      for (const statusId of statusIds) {
        const postId = await mastodon.postIdOf(statusId);
        const access = postId ? await posts.findAccess(postId) : undefined;
        // As Mastodon: the statuses must be the reported account's.
        if (!access || access.author_id !== memberId) throw recordNotFound();
        targets.push({ type: 'post', postId: access.id, authorId: memberId });
      }
      if (targets.length === 0) targets.push({ type: 'user', userId: memberId });
      // Each filing is idempotent (one open report per target): a retry after a failure part
      // way through files the rest and keeps the ones already open.
      for (const target of targets) {
        await moderation.file({ reporterId: member.id, target, ...parsed.data });
      }

      const [first] = targets;
      const filed = first ? await reports.openReport(member.id, first) : undefined;
      const account = (await mastodon.accounts([memberId])).get(memberId);
      if (!filed || !account) throw recordNotFound();
      return {
        id: filed.id,
        action_taken: false,
        action_taken_at: null,
        category: parsed.data.reason === 'spam' ? ('spam' as const) : ('other' as const),
        comment: parsed.data.details ?? '',
        forwarded: false,
        created_at: new Date(filed.created_at).toISOString(),
        status_ids: statusIds.length > 0 ? statusIds : null,
        rule_ids: null,
        target_account: toMastodonAccount(account, urls),
      };
    },
  );
};

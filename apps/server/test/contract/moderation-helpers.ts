import type { Role } from '@whisp/api-client/contract';
import { localAddressOf } from './member-address.js';
import { type Member, ok, signUp, type Target } from './target.js';

// Shared by the moderation contract tests (reports, the queue, roles).

/** A new member with this role, granted out of band as `pnpm whisp role` does. */
export async function signUpAs(target: Target, role: Role): Promise<Member> {
  const member = await signUp(target);
  if (role !== 'member') await target.grantRole(member.id, role);
  return member;
}

export async function report(
  target: Target,
  reporter: Member,
  kind: 'posts' | 'users',
  id: string,
  body: Record<string, unknown> = { reason: 'spam' },
) {
  return ok(
    await target.call('POST', `/api/${kind}/${id}/report`, { token: reporter.token, json: body }),
    201,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: report bodies are read as a client reads JSON.
type ReportBody = any;

/** The open (or resolved) reports that name this member, as the queue lists them. */
export async function reportsAbout(
  target: Target,
  moderator: Member,
  member: Member,
  status: 'open' | 'resolved' = 'open',
): Promise<ReportBody[]> {
  const body = ok(
    await target.call('GET', `/api/moderation/reports?status=${status}`, {
      token: moderator.token,
    }),
  );
  return body.data.filter((entry: ReportBody) => entry.user.id === member.id);
}

export async function resolve(
  target: Target,
  moderator: Member,
  reportId: string,
  body: Record<string, unknown>,
) {
  return target.call('POST', `/api/moderation/reports/${reportId}/resolve`, {
    token: moderator.token,
    json: body,
  });
}

/** A member's summary as reports and the log show them. */
export const summaryOf = (member: Member) => ({
  id: member.id,
  username: member.username,
  ...localAddressOf(member),
  display_name: member.display_name,
  avatar: null,
  is_verified: false,
});

import { ROLES, type Role } from '@whisp/api-client/contract';
import type { Database } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import type { MemberChanged } from '../db/repositories/users.js';

/** A refusal the person at the terminal can act on: printed as its message alone. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export const ROLE_USAGE = `Usage: pnpm whisp role <username> <${ROLES.join('|')}>`;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * `pnpm whisp role <username> <role>`: grants a role from the server's command line, where the
 * first admin of a network comes from when WHISP_ADMIN_EMAILS is not used. Returns what to print.
 */
export async function setRoleFromCommandLine(
  database: Database,
  args: string[],
  options: { adminEmails: readonly string[]; memberChanged?: MemberChanged },
): Promise<string> {
  const [rawUsername, rawRole, ...rest] = args;
  if (!rawUsername || !rawRole || rest.length > 0) throw new CommandError(ROLE_USAGE);
  const role = rawRole.toLowerCase();
  if (!isRole(role)) {
    throw new CommandError(`There is no role "${rawRole}": choose ${ROLES.join(', ')}.`);
  }
  const username = rawUsername.replace(/^@/, '');
  const { moderation } = createRepositories(database.kysely, {
    adminEmails: options.adminEmails,
    memberChanged: options.memberChanged,
  });
  const member = await moderation.findMemberRole({ username });
  if (!member) throw new CommandError(`No member is named @${username}.`);
  await moderation.setRole(member.id, role);
  const done = `@${member.username} is now ${role === 'admin' ? 'an' : 'a'} ${role}.`;
  // The operator may grant anything, but the server's configuration still has the last word.
  return member.adminByConfiguration && role !== 'admin'
    ? `${done} They stay an admin while their email is in WHISP_ADMIN_EMAILS.`
    : done;
}

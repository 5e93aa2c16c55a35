import { type Member, ok, type Target } from './target.js';

// Shared by the private-account contract tests.

/** Turns the member's account private (or public again) as Settings does. */
export async function makePrivate(target: Target, member: Member, isPrivate = true) {
  return ok(
    await target.call('POST', '/api/users/me', {
      token: member.token,
      json: { is_private: isPrivate },
    }),
  );
}

import type { StoreContext } from './context.js';
import type { UserRecord } from './records.js';

/** A new session for the member, as every way of signing in starts one. */
export function startSession(ctx: StoreContext, user: UserRecord) {
  const token = `mock-token-${ctx.newId('session')}`;
  ctx.data.sessions[token] = user.id;
  const startedAt = ctx.now();
  ctx.data.sessionDetails[token] = {
    id: ctx.newId('session'),
    created_at: startedAt,
    last_used_at: startedAt,
    user_agent: null,
  };
  return { token, user: ctx.shapes.currentUser(user) };
}

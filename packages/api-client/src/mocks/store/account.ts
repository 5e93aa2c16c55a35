import {
  ACCOUNT_MESSAGES,
  PASSWORD_RESET_MAIL_SUBJECT,
  PASSWORD_RESET_PAGE_PATH,
} from '../../contract/endpoints/account.js';
import {
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  PASSWORD_RESET_REQUESTS_WINDOW_MS,
  PASSWORD_RESET_TOKEN_LIFETIME_MS,
} from '../../contract/limits.js';
import type { AccountSession, Id } from '../../models.js';
import { fail, failOn } from '../errors.js';
import { compareText, type StoreContext } from './context.js';
import type { SessionRecord, UserRecord } from './records.js';

/** Where a reset link points: the page the mocks are served on (Storybook), else localhost. */
const publicUrl = () =>
  (globalThis as { location?: { origin?: string } }).location?.origin ?? 'http://localhost';

function randomToken() {
  // 256 bits, as the server's: base64url without padding.
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

/**
 * Password reset, password change and the sessions list, with the server's rules: hourly limits
 * on reset requests, single-use links that a newer request voids, sessions ended on a reset or a
 * change. Mail goes to `data.outbox` instead of leaving.
 */
export function createAccountOperations(ctx: StoreContext) {
  const nowMs = () => Date.parse(ctx.now());

  /** The details of a session, made up for a token that was seeded without them. */
  function detailsOf(token: string, user: UserRecord): SessionRecord {
    ctx.data.sessionDetails[token] ??= {
      id: ctx.newId('session'),
      created_at: user.created_at,
      last_used_at: user.created_at,
      user_agent: null,
    };
    return ctx.data.sessionDetails[token];
  }

  function endSessions(userId: Id, keep?: string) {
    for (const [token, owner] of Object.entries(ctx.data.sessions)) {
      if (owner === userId && token !== keep) delete ctx.data.sessions[token];
    }
  }

  /** Seconds until a request is allowed again, or undefined when it is allowed now. */
  function resetRequestLimit(email: string): number | undefined {
    const at = nowMs();
    const windowStart = at - PASSWORD_RESET_REQUESTS_WINDOW_MS;
    const recent = ctx.data.passwordResetRequests.filter((request) => request.at > windowStart);
    ctx.data.passwordResetRequests = recent;
    const retryAfter = (requests: { at: number }[]) =>
      Math.max(1, Math.ceil(((requests[0]?.at ?? at) - windowStart) / 1000));
    // The mocks have one client address: every request counts against it.
    if (recent.length >= PASSWORD_RESET_REQUESTS_PER_ADDRESS) return retryAfter(recent);
    const forEmail = recent.filter((request) => request.email === email);
    if (forEmail.length >= PASSWORD_RESET_REQUESTS_PER_EMAIL) return retryAfter(forEmail);
    recent.push({ email, at });
    return undefined;
  }

  return {
    /** Records the browser a new session signed in from. */
    describeSession(token: string, userAgent: string | null) {
      const details = ctx.data.sessionDetails[token];
      if (details) details.user_agent = userAgent || null;
    },

    /** The member's live sessions, newest first; `currentToken` is the one asking. */
    sessionsOf(viewer: UserRecord, currentToken: string): AccountSession[] {
      const tokens = Object.keys(ctx.data.sessions).filter(
        (token) => ctx.data.sessions[token] === viewer.id,
      );
      detailsOf(currentToken, viewer).last_used_at = ctx.now();
      return tokens
        .map((token) => ({ ...detailsOf(token, viewer), current: token === currentToken }))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || compareText(b.id, a.id));
    },

    /** Ends one of the member's sessions; someone else's (or an unknown id) is a 404. */
    endSession(viewer: UserRecord, id: string) {
      const token = Object.keys(ctx.data.sessions).find(
        (candidate) =>
          ctx.data.sessions[candidate] === viewer.id &&
          ctx.data.sessionDetails[candidate]?.id === id,
      );
      if (!token) throw fail('sessionNotFound');
      delete ctx.data.sessions[token];
      return ACCOUNT_MESSAGES.sessionEnded;
    },

    /** Every other session of the member ends; the one asking stays. */
    changePassword(
      viewer: UserRecord,
      currentToken: string,
      input: { current_password?: string; new_password?: string },
    ) {
      // As the server: a member without a password ('' here) sets one without the current one,
      // but a password given must be right, and cannot be when there is none.
      const hasPassword = viewer.password !== '';
      if (hasPassword && !input.current_password) {
        throw failOn('current_password', 'currentPasswordRequired');
      }
      const valid = hasPassword
        ? viewer.password === input.current_password
        : !input.current_password;
      if (!valid) throw fail('wrongPassword');
      viewer.password = input.new_password ?? '';
      endSessions(viewer.id, currentToken);
      return ACCOUNT_MESSAGES.passwordChanged;
    },

    /**
     * Mails a reset link when a member has this email, voiding their older links. Answers the
     * seconds to wait when an hourly limit is used up, else undefined (whether or not the email
     * is a member's).
     */
    requestPasswordReset(rawEmail: string): { retryAfterSeconds: number } | undefined {
      const email = rawEmail.trim().toLowerCase();
      const retryAfterSeconds = resetRequestLimit(email);
      if (retryAfterSeconds !== undefined) return { retryAfterSeconds };
      const user = ctx.data.users.find((candidate) => candidate.email.toLowerCase() === email);
      if (!user) return undefined;
      for (const reset of ctx.data.passwordResets) {
        if (reset.user_id === user.id) reset.spent = true;
      }
      const token = randomToken();
      const createdAt = ctx.now();
      ctx.data.passwordResets.push({
        token,
        user_id: user.id,
        expires_at: new Date(
          Date.parse(createdAt) + PASSWORD_RESET_TOKEN_LIFETIME_MS,
        ).toISOString(),
        spent: false,
      });
      const link = `${publicUrl()}${PASSWORD_RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
      ctx.data.outbox.push({
        id: ctx.newId('mail'),
        to: user.email,
        subject: PASSWORD_RESET_MAIL_SUBJECT,
        text: `Hi ${user.display_name},\n\nOpen this link to choose a new password for @${user.username}:\n\n${link}\n\nThe link works once, for one hour.`,
        html: `<p>Hi ${escapeHtml(user.display_name)},</p><p><a href="${escapeHtml(link)}">Choose a new password for @${escapeHtml(user.username)}</a></p><p>The link works once, for one hour.</p>`,
        link,
        created_at: createdAt,
      });
      return undefined;
    },

    /** Sets the password of a live link's member and ends every session of theirs. */
    confirmPasswordReset(token: string | undefined, password: string) {
      const at = nowMs();
      const reset = ctx.data.passwordResets.find(
        (candidate) =>
          token !== undefined &&
          candidate.token === token &&
          !candidate.spent &&
          Date.parse(candidate.expires_at) > at,
      );
      const user = reset && ctx.shapes.userById(reset.user_id);
      if (!reset || !user) throw fail('resetTokenInvalid');
      reset.spent = true;
      user.password = password;
      endSessions(user.id);
      return ACCOUNT_MESSAGES.passwordReset;
    },
  };
}

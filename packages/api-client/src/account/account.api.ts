import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import type { AccountSession, Id } from '../models.js';

export interface PasswordResetConfirmation {
  /** The `token` of the reset link (`/reset-password?token=…`). */
  token: string;
  /** The new password (the sign-up rules apply). */
  password: string;
}

export interface PasswordChange {
  /** Left out by a member who has none (`CurrentUser.has_password` false): they set one. */
  current_password?: string;
  new_password: string;
}

/** A sentence for the member, as the server words it. */
export interface AccountMessage {
  message: string;
}

/**
 * The member's account: a forgotten password (no token needed), a password change, and the list
 * of places they are signed in.
 */
export function createAccountApi({ request }: ApiContext) {
  const message = (body: MessageBody): AccountMessage => ({ message: body.message });

  return {
    /**
     * POST /api/auth/password-reset/request: mails a reset link when an account has this email.
     * The answer is the same either way, so it cannot tell whether the account exists.
     */
    requestPasswordReset: async (email: string) =>
      message(
        await request<MessageBody>('/api/auth/password-reset/request', {
          method: 'POST',
          auth: 'none',
          body: { email },
        }),
      ),

    /**
     * POST /api/auth/password-reset/confirm: sets the new password and signs the member out
     * everywhere (sign in again afterwards). 400 RESET_TOKEN_INVALID for a used, expired or
     * unknown link.
     */
    confirmPasswordReset: async (input: PasswordResetConfirmation) =>
      message(
        await request<MessageBody>('/api/auth/password-reset/confirm', {
          method: 'POST',
          auth: 'none',
          body: input,
        }),
      ),

    /**
     * POST /api/users/me/password: every other session ends, this one stays. 400 WRONG_PASSWORD
     * when the current password is not right. A member without a password (signed up with
     * another account) leaves `current_password` out and sets one.
     */
    changePassword: async (input: PasswordChange) =>
      message(
        await request<MessageBody>('/api/users/me/password', { method: 'POST', body: input }),
      ),

    /** GET /api/users/me/sessions: newest first; `current` marks this one. */
    listSessions: async (signal?: AbortSignal) =>
      (await request<DataBody<AccountSession[]>>('/api/users/me/sessions', { signal })).data,

    /** DELETE /api/users/me/sessions/{id}: that session's token stops working at once. */
    endSession: async (id: Id) =>
      message(
        await request<MessageBody>(`/api/users/me/sessions/${encodeURIComponent(id)}`, {
          method: 'DELETE',
        }),
      ),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

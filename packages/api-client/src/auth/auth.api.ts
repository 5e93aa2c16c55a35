import type { ApiContext } from '../http/context.js';
import type { CurrentUser } from '../models.js';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  username: string;
  display_name: string;
  bio?: string | null;
}

export interface Session {
  token: string;
  user: CurrentUser;
  message: string;
}

/** The answer of every call that starts a session: sign-up, sign-in, a provider's sign-in. */
export interface SessionBody {
  success: true;
  message: string;
  data: { token: string; user: CurrentUser };
}

/** Keeps a new session's token and hands back the member with their media addresses resolved. */
export function sessionFrom(
  { media, tokenStore }: Pick<ApiContext, 'media' | 'tokenStore'>,
  body: SessionBody,
): Session {
  tokenStore.set(body.data.token);
  return {
    token: body.data.token,
    user: media.currentUser(body.data.user),
    message: body.message,
  };
}

export function createAuthApi(context: ApiContext) {
  const { request, tokenStore } = context;
  const startSession = (body: SessionBody) => sessionFrom(context, body);

  return {
    /** POST /api/auth/register: creates the member and signs them in (the token is stored). */
    register: async (input: RegisterInput) =>
      startSession(
        await request<SessionBody>('/api/auth/register', {
          method: 'POST',
          auth: 'none',
          body: { ...input, bio: input.bio ?? null },
        }),
      ),

    /** POST /api/auth/login: stores the token on success; 401 INVALID_CREDENTIALS otherwise. */
    login: async (input: LoginInput) =>
      startSession(
        await request<SessionBody>('/api/auth/login', {
          method: 'POST',
          auth: 'none',
          body: input,
        }),
      ),

    /**
     * POST /api/auth/logout: ends the session on the server. The token is forgotten locally
     * whatever the server answers, so a person who signs out is signed out even when offline.
     */
    logout: async (): Promise<{ message: string }> => {
      const token = tokenStore.get();
      try {
        if (!token) return { message: 'Signed out' };
        const body = await request<{ success: true; message: string }>('/api/auth/logout', {
          method: 'POST',
          body: { token },
        });
        return { message: body.message };
      } finally {
        tokenStore.clear();
      }
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

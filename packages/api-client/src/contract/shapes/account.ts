import { z } from 'zod';

// The signed-in member's own account: where they are signed in.

/** One sign-in of the member (a browser or device), as `GET /api/users/me/sessions` lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Updated at most about once a minute, so it says "active now" or "2h ago", not the second. */
  last_used_at: z.string(),
  /** The browser's User-Agent when it signed in; null when it sent none. */
  user_agent: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});

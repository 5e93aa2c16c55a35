import { z } from 'zod';
import { userSummarySchema } from '../shapes/users.js';
import { successTrue } from './common.js';

// Private accounts (Privacy and preferences 1.2): follow requests and what answers them. Turning
// privacy on or off is `is_private` in POST /api/users/me (endpoints/users.ts).

/** The messages of the follow-request answers, written once for the server and the mocks. */
export const FOLLOW_REQUEST_MESSAGES = {
  sent: 'Follow request sent',
  accepted: 'Follow request accepted',
  rejected: 'Follow request declined',
} as const;

/** POST /api/users/me/follow-requests/{userId}/accept and /reject. */
export const followRequestParams = z.object({
  userId: z.string().describe('The id of the member who asked to follow'),
});

/** GET /api/users/me/follow-requests: who asked to follow the signed-in member, oldest first. */
export const followRequestsResponse = z.object({
  success: successTrue,
  data: z.array(userSummarySchema),
});

/** Accepting or declining: the member's followers count after it (equal to the rows behind it). */
export const followRequestDecisionResponse = z.object({
  success: successTrue,
  message: z.string(),
  data: z.object({ followers_count: z.number().int() }),
});

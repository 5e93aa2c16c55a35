import { z } from 'zod';
import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from '../limits.js';
import { validateMutedWord } from '../muted-words.js';
import { mutedWordSchema } from '../shapes/safety.js';
import { userSummarySchema } from '../shapes/users.js';
import { confirmationResponse, dataResponse } from './common.js';

// Safety (1.1): /api/users/{id}/block, /unblock, /mute, /unmute, and the signed-in member's
// blocks, mutes and muted words under /api/users/me.

/** POST /api/users/{id}/block and /unblock (the path is `userIdParams`). */
export const blockResponse = dataResponse(z.object({ is_blocking: z.boolean() }));

/** POST /api/users/{id}/mute and /unmute. */
export const muteResponse = dataResponse(z.object({ is_muting: z.boolean() }));

/** GET /api/users/me/blocks and /mutes: most recent first. */
export const safetyMemberListResponse = dataResponse(z.array(userSummarySchema));

/** GET /api/users/me/muted-words: most recent first. */
export const mutedWordListResponse = dataResponse(z.array(mutedWordSchema));

/** POST /api/users/me/muted-words. */
export const mutedWordBodySchema = z
  .object({
    word: z
      .string()
      .describe(
        `1–${MUTED_WORD_MAX_LENGTH} characters; "#tag" mutes the hashtag; at most ${MUTED_WORDS_MAX} per member`,
      ),
  })
  .superRefine((body, context) => {
    const problem = validateMutedWord(body.word);
    if (problem) context.addIssue({ code: 'custom', path: ['word'], message: problem });
  });
export const mutedWordResponse = dataResponse(mutedWordSchema);

/** DELETE /api/users/me/muted-words/{id}. */
export const mutedWordParams = z.object({ id: z.string().describe('A muted word id') });
export const mutedWordRemovedResponse = confirmationResponse;

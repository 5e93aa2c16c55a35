import { z } from 'zod';

/** A word, phrase or `#tag` a member muted, as typed (trimmed). */
export const mutedWordSchema = z.object({
  id: z.string(),
  word: z.string(),
  created_at: z.string(),
});

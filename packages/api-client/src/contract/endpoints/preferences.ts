import { z } from 'zod';
import { preferencesSchema } from '../shapes/preferences.js';
import { successTrue } from './common.js';

// /api/users/me/preferences (Privacy and preferences 1.2). The body of PATCH is
// preferencesChangesSchema (shapes/preferences.ts).

/** What a successful save says, for the app's quiet confirmation. */
export const PREFERENCES_SAVED_MESSAGE = 'Preferences saved';

/** GET /api/users/me/preferences. */
export const preferencesResponse = z.object({ success: successTrue, data: preferencesSchema });

/** PATCH /api/users/me/preferences: the whole object as it now reads. */
export const updatedPreferencesResponse = z.object({
  success: successTrue,
  data: preferencesSchema,
  message: z.string(),
});

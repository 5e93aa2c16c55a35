import { z } from 'zod';
import { confirmationResponse, dataResponse } from './common.js';

// The member's own data: export it (GET /api/users/me/export), bring an export from another
// Whisp server (POST /api/users/me/import) and delete the account (DELETE /api/users/me).

/**
 * The archive's layout. `manifest.json` comes first and carries ACCOUNT_ARCHIVE_FORMAT, so an
 * import tells a Whisp export from any other zip before reading anything else.
 */
export const ACCOUNT_ARCHIVE_FORMAT = 'whisp-account-export';
export const ACCOUNT_ARCHIVE_FORMAT_VERSION = 1;
export const ACCOUNT_ARCHIVE_FILES = [
  'manifest.json',
  'account.json',
  'whisps.json',
  'following.json',
  'followers.json',
  'bookmarks.json',
  'likes.json',
  'blocks.json',
  'mutes.json',
  'muted_words.json',
  'messages.json',
] as const;
export type AccountArchiveFile = (typeof ACCOUNT_ARCHIVE_FILES)[number];
/** Files of whisps, the avatar and the banner: `media/<key>`, as whisps.json names them. */
export const ACCOUNT_ARCHIVE_MEDIA_FOLDER = 'media/';
/** The multipart field of POST /api/users/me/import. */
export const ACCOUNT_ARCHIVE_FIELD = 'archive';

/** The sentences of successful answers, word for word as members read them. */
export const ACCOUNT_DATA_MESSAGES = {
  accountDeleted: 'Your account has been deleted.',
} as const;

/** GET /api/users/me/export: the zip itself (documented here, streamed by the server). */
export const accountExportResponse = z
  .any()
  .describe(
    `application/zip, sent as an attachment: ${ACCOUNT_ARCHIVE_FILES.join(', ')} and ${ACCOUNT_ARCHIVE_MEDIA_FOLDER}`,
  );

/** What one import added, and how many entries of the archive it left out. */
export const importSummarySchema = z.object({
  whisps: z.number().int().describe('Whisps and replies added'),
  media: z.number().int().describe('Files added with them'),
  follows: z.number().int().describe('Members followed (found here by username)'),
  skipped: z
    .number()
    .int()
    .describe(
      'Entries not added: imported before, rewhisps, and follows or mutes of members not on this server',
    ),
});

/** POST /api/users/me/import. */
export const importResponse = dataResponse(importSummarySchema);

/**
 * DELETE /api/users/me. Which confirmation is asked depends on the member, which no schema knows:
 * the handler asks for the password (400 VALIDATION_ERROR) of a member who has one.
 */
export const deleteAccountBodySchema = z
  .object({
    password: z.string().optional().describe('Your current password, when you have one'),
    username: z
      .string()
      .optional()
      .describe(
        'Your username (any case), when you have no password (you signed up with another ' +
          'account and has_password is false). Anything else: 400 WRONG_USERNAME.',
      ),
  })
  .nullish();
export const deleteAccountResponse = confirmationResponse;

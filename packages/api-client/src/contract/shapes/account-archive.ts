import { z } from 'zod';
import { REPLY_AUDIENCES } from '../choices.js';
import {
  ACCOUNT_ARCHIVE_FORMAT,
  ACCOUNT_ARCHIVE_FORMAT_VERSION,
} from '../endpoints/account-data.js';
import {
  ACCOUNT_IMPORT_FUTURE_MARGIN_MS,
  MEDIA_ALT_MAX_LENGTH,
  POST_MEDIA_MAX_IMAGES,
  WHISP_MAX_LENGTH,
} from '../limits.js';
import { countCharacters } from '../validation.js';
import { preferencesSchema } from './preferences.js';

// The files of an account export (GET /api/users/me/export), one schema each: the server writes
// them, and the server and the mocks read an archive back with them before writing anything.
// Other members appear by username only.

// Bounds for what an archive can make an import do; a real export of the largest account stays
// far below them.
const ID_MAX_LENGTH = 100;
const USERNAME_MAX_LENGTH_IN_ARCHIVE = 100;
const ARCHIVE_LIST_MAX = 200_000;

const archiveId = z.string().min(1).max(ID_MAX_LENGTH);
const archivedPreferencesSchema = preferencesSchema
  .extend({ notifications: preferencesSchema.shape.notifications.partial() })
  .partial();
const archiveUsername = z.string().min(1).max(USERNAME_MAX_LENGTH_IN_ARCHIVE);
const archiveTime = z.iso.datetime({ offset: true });

/** `media/<name>`: one level, no dot-only names, nothing that can climb out of a folder. */
export const ACCOUNT_ARCHIVE_MEDIA_PATH = /^media\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const mediaPath = z.string().regex(ACCOUNT_ARCHIVE_MEDIA_PATH);

export const accountArchiveManifestSchema = z.object({
  format: z.literal(ACCOUNT_ARCHIVE_FORMAT),
  version: z.literal(ACCOUNT_ARCHIVE_FORMAT_VERSION),
  exported_at: archiveTime,
  /** Tells servers apart, so whisps imported from two servers never collide. */
  source: z.object({ instance_id: archiveId, version: z.string().max(ID_MAX_LENGTH) }),
  account: z.object({ id: archiveId, username: archiveUsername }),
});

export const accountArchiveAccountSchema = z.object({
  user: z.object({
    id: archiveId,
    username: archiveUsername,
    display_name: z.string(),
    /** Null for a member with no verified address (signed up with a provider, 1.2). */
    email: z.string().nullable(),
    bio: z.string().nullable(),
    created_at: archiveTime,
    avatar: mediaPath.nullable(),
    banner: mediaPath.nullable(),
  }),
  settings: z.object({
    is_private: z.boolean(),
    banner_position_x: z.number(),
    banner_position_y: z.number(),
    /**
     * Privacy and preferences (1.2): an import makes them the member's. Missing from older
     * exports (the member's stay as they are: the defaults, in a new account); a switch missing
     * keeps its setting, and one this server does not know is left out.
     */
    preferences: archivedPreferencesSchema.optional(),
  }),
});

export const accountArchiveWhispSchema = z.object({
  id: archiveId,
  content: z
    .string()
    .refine((content) => countCharacters(content) <= WHISP_MAX_LENGTH, 'content is too long'),
  created_at: archiveTime,
  updated_at: archiveTime,
  is_reply: z.boolean(),
  reply_to: z.object({ id: archiveId, author_username: archiveUsername.nullable() }).nullable(),
  rewhisp_of: z.object({ id: archiveId, author_username: archiveUsername.nullable() }).nullable(),
  media: z
    .array(
      z.object({
        path: mediaPath,
        alt: z
          .string()
          .refine((alt) => countCharacters(alt) <= MEDIA_ALT_MAX_LENGTH, 'alt is too long')
          .nullable(),
      }),
    )
    .max(POST_MEDIA_MAX_IMAGES),
  reply_settings: z.object({ can_reply: z.enum(REPLY_AUDIENCES), can_repost: z.boolean() }),
});

export const accountArchiveWhispsSchema = z.array(accountArchiveWhispSchema).max(ARCHIVE_LIST_MAX);

/**
 * Whether an archived whisp is dated too far after the import (`importedAt`, in ms) to be added:
 * it is skipped, or `9999-12-31` would pin it atop the public feed and search.
 */
export function isDatedAfterImport(
  whisp: Pick<AccountArchiveWhisp, 'created_at'>,
  importedAt: number,
) {
  return Date.parse(whisp.created_at) > importedAt + ACCOUNT_IMPORT_FUTURE_MARGIN_MS;
}

/** following.json, followers.json, blocks.json and mutes.json. */
export const accountArchiveMembersSchema = z
  .array(z.object({ username: archiveUsername, created_at: archiveTime }))
  .max(ARCHIVE_LIST_MAX);

/** likes.json and bookmarks.json: whose whisp, which one, when. */
export const accountArchivePostReferencesSchema = z
  .array(
    z.object({ post_id: archiveId, author_username: archiveUsername, created_at: archiveTime }),
  )
  .max(ARCHIVE_LIST_MAX);

export const accountArchiveMutedWordsSchema = z
  .array(z.object({ word: z.string().min(1).max(1000), created_at: archiveTime }))
  .max(ARCHIVE_LIST_MAX);

export const accountArchiveMessagesSchema = z
  .array(
    z.object({
      conversation_id: archiveId,
      with_username: archiveUsername,
      messages: z.array(
        z.object({
          id: archiveId,
          from_username: archiveUsername,
          content: z.string(),
          created_at: archiveTime,
          is_read: z.boolean(),
        }),
      ),
    }),
  )
  .max(ARCHIVE_LIST_MAX);

export type AccountArchiveManifest = z.output<typeof accountArchiveManifestSchema>;
export type AccountArchiveAccount = z.output<typeof accountArchiveAccountSchema>;
export type AccountArchiveWhisp = z.output<typeof accountArchiveWhispSchema>;
export type AccountArchiveMember = z.output<typeof accountArchiveMembersSchema>[number];
export type AccountArchivePostReference = z.output<
  typeof accountArchivePostReferencesSchema
>[number];
export type AccountArchiveMutedWord = z.output<typeof accountArchiveMutedWordsSchema>[number];
export type AccountArchiveConversation = z.output<typeof accountArchiveMessagesSchema>[number];

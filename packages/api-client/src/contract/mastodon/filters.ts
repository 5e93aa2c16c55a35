import { z } from 'zod';
import { MUTED_WORD_MAX_LENGTH } from '../limits.js';
import { mastodonIdSchema } from './accounts.js';

// Filters of the Mastodon client API (1.2) over Whisp's muted words: Mastodon 4.3's
// entities/Filter.md, FilterKeyword.md, V1_Filter.md and methods/filters.md. A filter's keywords
// are muted words; what Whisp's muted words cannot do (warn or blur instead of hiding, expire,
// match inside words, hide in threads or profiles only) is refused with these messages, never
// stored as something else.

export const MASTODON_FILTER_CONTEXTS = [
  'home',
  'notifications',
  'public',
  'thread',
  'account',
] as const;

/**
 * Where a muted word hides whisps: the home feed, notifications and the public timelines
 * (Whisp's hashtag pages among them); never a thread or a profile, visited on purpose.
 */
export const WHISP_FILTER_CONTEXTS = ['home', 'notifications', 'public'] as const;

/** A filter's title, as Mastodon limits it. */
export const MASTODON_FILTER_TITLE_MAX_LENGTH = 100;

const contexts = WHISP_FILTER_CONTEXTS.join(', ');

export const MASTODON_FILTER_MESSAGES = {
  titleRequired: 'Validation failed: the filter needs a title.',
  titleTooLong: `Validation failed: a filter’s title can be at most ${MASTODON_FILTER_TITLE_MAX_LENGTH} characters.`,
  keywordRequired: 'Validation failed: the keyword is missing.',
  actionNotSupported: (action: string) =>
    `Whisp’s muted words hide what they match: filter_action "${action.slice(0, 20)}" is not supported, use "hide".`,
  contextNotSupported: `Whisp’s muted words hide whisps in exactly these places: ${contexts} (never in threads or profiles). Set context to ${contexts}.`,
  expiryNotSupported: 'Whisp’s muted words last until they are removed: leave expires_in empty.',
  wholeWordOnly: 'Whisp’s muted words match whole words only: set whole_word to true.',
  alreadyMuted: (word: string) => `You already mute “${word.slice(0, MUTED_WORD_MAX_LENGTH)}”.`,
  wordFilterTitle: (word: string) =>
    `This filter is the muted word “${word}”, added in Whisp: its title is its word, and it holds no other. Create a filter to give one a title of its own.`,
} as const;

export const mastodonFilterKeywordSchema = z.object({
  id: mastodonIdSchema.describe('The muted word’s id'),
  keyword: z.string().describe('The muted word'),
  whole_word: z.boolean().describe('Always true: muted words match whole words'),
});

/** entities/Filter.md (v2). */
export const mastodonFilterSchema = z.object({
  id: mastodonIdSchema,
  title: z.string().describe('A word of its own (added in Whisp) is titled by its word'),
  context: z.array(z.enum(MASTODON_FILTER_CONTEXTS)),
  expires_at: z.string().nullable().describe('Muted words do not expire: null'),
  filter_action: z.enum(['warn', 'hide', 'blur']).describe('Always hide'),
  keywords: z.array(mastodonFilterKeywordSchema),
  statuses: z.array(z.object({ id: mastodonIdSchema, status_id: mastodonIdSchema })),
});

/** entities/V1_Filter.md: one per muted word, its id the word’s. */
export const mastodonFilterV1Schema = z.object({
  id: mastodonIdSchema,
  phrase: z.string(),
  context: z.array(z.enum(MASTODON_FILTER_CONTEXTS)),
  expires_at: z.string().nullable(),
  irreversible: z
    .boolean()
    .describe('True: matching whisps are left out, not shown with a warning'),
  whole_word: z.boolean(),
});

/** A boolean from JSON or a form; undefined when absent or empty (the default then applies). */
const formBoolean = z
  .union([z.boolean(), z.string().max(10)])
  .optional()
  .transform((value) =>
    value === undefined || value === ''
      ? undefined
      : value === true || value === 'true' || value === '1' || value === 'on',
  );

const keywordText = z.string().max(1000);

/** How many keywords one request may carry: well above a filter an app makes. */
const KEYWORDS_PER_REQUEST = 50;

/** keywords_attributes: a JSON array, or a form's `keywords_attributes[0][keyword]=…` hash. */
const keywordAttributes = z
  .union([z.array(z.unknown()).max(KEYWORDS_PER_REQUEST), z.record(z.string(), z.unknown())])
  .optional()
  .transform((value) => (value === undefined ? [] : Object.values(value)))
  .pipe(
    z
      .array(
        z.object({
          id: z.union([z.string().max(30), z.number()]).optional(),
          keyword: keywordText.optional(),
          whole_word: formBoolean,
          _destroy: formBoolean,
        }),
      )
      .max(KEYWORDS_PER_REQUEST),
  );

const contextList = z
  .union([z.array(z.string().max(20)).max(10), z.string().max(20)])
  .optional()
  .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]));

/** A number of seconds, or empty for never, from JSON or a form. */
const expiresIn = z.union([z.number(), z.string().max(20), z.null()]).optional();

/** POST /api/v2/filters. */
export const mastodonFilterBody = z.object({
  title: z.string().max(1000).optional(),
  context: contextList.describe(`Where it hides: ${contexts}`),
  filter_action: z.string().max(20).optional().describe('hide (the only action)'),
  expires_in: expiresIn.describe('Empty: muted words do not expire'),
  keywords_attributes: keywordAttributes.describe(
    'Words to mute: `keyword`, `whole_word` (true), and on update `id` and `_destroy`',
  ),
});

/** PUT /api/v2/filters/{id}: any of the same. */
export const mastodonFilterUpdateBody = mastodonFilterBody.nullish();

/** POST /api/v2/filters/{id}/keywords and PUT /api/v2/filters/keywords/{id}. */
export const mastodonFilterKeywordBody = z.object({
  keyword: keywordText.optional(),
  whole_word: formBoolean,
});

export const mastodonFilterParams = z.object({ id: z.string().max(30) });

export type MastodonFilter = z.output<typeof mastodonFilterSchema>;
export type MastodonFilterKeywordInput = z.output<typeof keywordAttributes>[number];

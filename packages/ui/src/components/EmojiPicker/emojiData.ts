import type { EmojiData, EmojiDataResolver } from 'frimousse';

// frimousse fetches emojibase's data from a public CDN by default: every member opening the
// picker would tell that CDN so, and the picker would stay empty offline or behind a strict
// Content-Security-Policy. Instead the data ships with the library, trimmed to what the picker
// shows and searches (build/emojiData.mjs makes emoji-data.en.json from emojibase-data), as a
// chunk of its own: fetched from our own origin the first time a picker opens or is about to
// (about 48 kB gzipped), and cached by the browser like the rest of the app.

const SKIN_TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const;
type SkinTone = (typeof SKIN_TONES)[number];

/**
 * The file's shape, as build/emojiData.mjs writes it: each emoji is [emoji, label, category,
 * version, tags, skins by tone (light to dark) or 0, 1 for a country flag], trailing parts left
 * out when empty. (Repeated here so the published types do not point outside src/.)
 */
export interface CompactEmojiData {
  categories: { index: number; label: string }[];
  skinTones: Record<SkinTone, string>;
  emojis: (
    | [string, string, number, number, string[]]
    | [string, string, number, number, string[], string[] | 0]
    | [string, string, number, number, string[], string[] | 0, 1]
  )[];
}

/** The compact file's rows as the objects frimousse lists. */
export function toEmojiData(data: CompactEmojiData): EmojiData {
  return {
    locale: 'en',
    categories: data.categories,
    skinTones: data.skinTones,
    emojis: data.emojis.map(([emoji, label, category, version, tags, skins, flag]) => ({
      emoji,
      label,
      category,
      version,
      tags,
      ...(skins
        ? {
            skins: Object.fromEntries(
              SKIN_TONES.map((tone, index) => [tone, skins[index] ?? emoji]),
            ) as Record<SkinTone, string>,
          }
        : {}),
      ...(flag ? { countryFlag: true } : {}),
    })),
  };
}

let loaded: Promise<EmojiData> | undefined;

/** frimousse's `resolveEmojiData`: the bundled English data, loaded once per page. */
export const resolveBundledEmojiData: EmojiDataResolver = () => {
  loaded ??= import('./emoji-data.en.json').then((module) =>
    toEmojiData(module.default as unknown as CompactEmojiData),
  );
  // A failed load is tried again the next time the picker opens.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
};

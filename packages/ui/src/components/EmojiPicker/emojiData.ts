import type { EmojiData, EmojiDataResolver } from 'frimousse';

// frimousse fetches emojibase's data from a public CDN by default: every member opening the
// picker would tell that CDN so, and the picker would stay empty offline or behind a strict
// Content-Security-Policy. The same data ships in the `emojibase-data` package instead and is
// bundled as a chunk of its own (about 100 kB gzipped), fetched from our own origin the first
// time a picker opens and cached by the browser like the rest of the app.

/** The newest Emoji version drawn by the systems we support; newer ones would show as boxes. */
export const EMOJI_VERSION_MAX = 15;

type SkinTone = 'light' | 'medium-light' | 'medium' | 'medium-dark' | 'dark';
const SKIN_TONES: readonly SkinTone[] = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];

/** The parts of emojibase's `data.json` entries the picker reads. */
interface EmojibaseEmoji {
  emoji: string;
  label: string;
  group?: number;
  subgroup?: number;
  version: number;
  tags?: string[];
  skins?: { emoji: string; tone?: number | number[] }[];
}

interface EmojibaseMessages {
  groups: { key: string; message: string; order: number }[];
  subgroups: { key: string; message: string; order: number }[];
  skinTones: { key: string; message: string }[];
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Converts emojibase's English data to the shape frimousse lists, as its own resolver does. */
export function toEmojiData(
  emojis: readonly EmojibaseEmoji[],
  messages: EmojibaseMessages,
  maxVersion: number = EMOJI_VERSION_MAX,
): EmojiData {
  const flags = new Set(
    messages.subgroups
      .filter((subgroup) => subgroup.key === 'country-flag' || subgroup.key === 'subdivision-flag')
      .map((subgroup) => subgroup.order),
  );
  // Skin-tone swatches ("component") are parts of other emoji, not emoji to pick.
  const groups = messages.groups.filter((group) => group.key !== 'component');
  const skinTones = Object.fromEntries(
    messages.skinTones.map((tone) => [tone.key, capitalize(tone.message)]),
  ) as Record<SkinTone, string>;
  return {
    locale: 'en',
    categories: groups.map((group) => ({ index: group.order, label: capitalize(group.message) })),
    skinTones,
    emojis: emojis
      .filter((entry) => entry.group !== undefined && entry.version <= maxVersion)
      .map((entry) => {
        // A single tone (a number) is a variation to offer; pairs of tones (arrays) are not.
        const toned = entry.skins?.filter((skin) => typeof skin.tone === 'number');
        const skins = toned?.length
          ? (Object.fromEntries(
              toned.map((skin) => [SKIN_TONES[(skin.tone as number) - 1], skin.emoji]),
            ) as Record<SkinTone, string>)
          : undefined;
        return {
          emoji: entry.emoji,
          category: entry.group as number,
          label: capitalize(entry.label),
          version: entry.version,
          tags: entry.tags ?? [],
          ...(entry.subgroup !== undefined && flags.has(entry.subgroup)
            ? { countryFlag: true }
            : {}),
          ...(skins ? { skins } : {}),
        };
      }),
  };
}

let loaded: Promise<EmojiData> | undefined;

/** frimousse's `resolveEmojiData`: the bundled English data, loaded once per page. */
export const resolveBundledEmojiData: EmojiDataResolver = () => {
  loaded ??= Promise.all([
    import('emojibase-data/en/data.json'),
    import('emojibase-data/en/messages.json'),
  ]).then(([data, messages]) =>
    toEmojiData(
      data.default as unknown as EmojibaseEmoji[],
      messages.default as unknown as EmojibaseMessages,
    ),
  );
  // A failed load is tried again the next time the picker opens.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
};

// Builds the emoji picker's data file (src/components/EmojiPicker/emoji-data.en.json) from
// emojibase's English dataset: only what the picker shows and searches, in arrays rather than
// objects, so the chunk a member downloads when first opening the picker stays small (about 46 kB
// gzipped instead of emojibase's 98 kB). Run `pnpm --filter @whisp/ui emoji-data` after updating
// emojibase-data; a unit test (emojiData.test.ts) fails while the committed file differs.
// Plain JavaScript so Node runs it as it is; its types are in emojiData.d.mts.

/** The newest Emoji version drawn by the systems we support; newer ones would show as boxes. */
export const EMOJI_VERSION_MAX = 15;

const SKIN_TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];

const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function compactEmojiData(emojis, messages) {
  const flags = new Set(
    messages.subgroups
      .filter((subgroup) => subgroup.key === 'country-flag' || subgroup.key === 'subdivision-flag')
      .map((subgroup) => subgroup.order),
  );
  // Skin-tone swatches ("component") are parts of other emoji, not emoji to pick.
  const groups = messages.groups.filter((group) => group.key !== 'component');
  const shown = new Set(groups.map((group) => group.order));
  return {
    categories: groups.map((group) => ({ index: group.order, label: capitalize(group.message) })),
    skinTones: Object.fromEntries(
      SKIN_TONES.map((tone) => [
        tone,
        capitalize(messages.skinTones.find((entry) => entry.key === tone)?.message ?? tone),
      ]),
    ),
    emojis: emojis
      .filter(
        (entry) =>
          entry.group !== undefined && shown.has(entry.group) && entry.version <= EMOJI_VERSION_MAX,
      )
      .map((entry) => {
        // A single tone (a number) is a variation to offer; pairs of tones (arrays) are not.
        const toned = (entry.skins ?? []).filter((skin) => typeof skin.tone === 'number');
        const skins =
          toned.length === SKIN_TONES.length
            ? [...toned].sort((a, b) => a.tone - b.tone).map((skin) => skin.emoji)
            : 0;
        const flag = entry.subgroup !== undefined && flags.has(entry.subgroup);
        const base = [
          entry.emoji,
          capitalize(entry.label),
          entry.group,
          entry.version,
          entry.tags ?? [],
        ];
        if (flag) return [...base, skins, 1];
        return skins ? [...base, skins] : base;
      }),
  };
}

export declare const EMOJI_VERSION_MAX: number;

type SkinTone = 'light' | 'medium-light' | 'medium' | 'medium-dark' | 'dark';

/**
 * One emoji: [emoji, label, category, version, tags, skins by tone (light to dark) or 0,
 * 1 for a country flag]. Trailing parts are left out when empty.
 */
export type CompactEmoji =
  | [string, string, number, number, string[]]
  | [string, string, number, number, string[], string[] | 0]
  | [string, string, number, number, string[], string[] | 0, 1];

export interface CompactEmojiData {
  categories: { index: number; label: string }[];
  skinTones: Record<SkinTone, string>;
  emojis: CompactEmoji[];
}

export declare function compactEmojiData(
  emojis: readonly {
    emoji: string;
    label: string;
    group?: number;
    subgroup?: number;
    version: number;
    tags?: string[];
    skins?: { emoji: string; tone?: number | number[] }[];
  }[],
  messages: {
    groups: { key: string; message: string; order: number }[];
    subgroups: { key: string; message: string; order: number }[];
    skinTones: { key: string; message: string }[];
  },
): CompactEmojiData;

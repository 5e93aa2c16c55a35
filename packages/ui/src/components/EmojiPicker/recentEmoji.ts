/** How many recently picked emoji the picker offers first. */
export const RECENT_EMOJI_MAX = 8;

const RECENT_KEY = 'whisp.emoji.recent';
const SKIN_TONE_KEY = 'whisp.emoji.skinTone';

// A device preference, not account data: kept in localStorage and never sent anywhere. Storage
// can be unavailable (private windows, blocked cookies): then the picker simply forgets.

/** The emoji picked most recently first, at most RECENT_EMOJI_MAX. */
export function readRecentEmoji(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_EMOJI_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts `emoji` first in the recent list and returns the new list. */
export function rememberEmoji(emoji: string): string[] {
  const next = [emoji, ...readRecentEmoji().filter((item) => item !== emoji)].slice(
    0,
    RECENT_EMOJI_MAX,
  );
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Not kept; the picker still works.
  }
  return next;
}

export const skinTones = [
  'none',
  'light',
  'medium-light',
  'medium',
  'medium-dark',
  'dark',
] as const;
export type SkinTone = (typeof skinTones)[number];

export function readSkinTone(): SkinTone {
  try {
    const value = localStorage.getItem(SKIN_TONE_KEY);
    return skinTones.find((tone) => tone === value) ?? 'none';
  } catch {
    return 'none';
  }
}

export function rememberSkinTone(tone: SkinTone): void {
  try {
    localStorage.setItem(SKIN_TONE_KEY, tone);
  } catch {
    // Not kept.
  }
}

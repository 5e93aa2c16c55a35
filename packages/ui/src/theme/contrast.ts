// WCAG 2.2 contrast, computed from hex colours: the Colors page shows it for every pairing and
// createWhispTheme refuses a brand below it. Pure, so it runs in Node, in a browser and in tests.

/** WCAG 2.2 AA minimums: text (SC 1.4.3), large text (18.66 px bold or 24 px), and UI parts (SC 1.4.11). */
export const contrastMinimum = { text: 4.5, largeText: 3, userInterface: 3 } as const;

/** `#rgb` or `#rrggbb` → its red, green and blue, 0–255. Anything else throws. */
export function hexChannels(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full =
    digits.length === 3
      ? [...digits].map((digit) => digit + digit).join('')
      : digits.length === 6
        ? digits
        : null;
  if (!full || !/^[\da-f]{6}$/i.test(full)) {
    throw new Error(`Colours must be #rgb or #rrggbb hex, not "${hex}"`);
  }
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG's relative luminance: 0 for black, 1 for white. */
function luminance(hex: string): number {
  const [red, green, blue] = hexChannels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two hex colours, from 1 to 21; the order does not matter. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * `4.4961…` → `4.49:1`. Truncated, not rounded: a pairing at 4.496 fails AA, so it must not read
 * as 4.50.
 */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

import { contrastMinimum, contrastRatio } from '../contrast.js';
import type { Palette } from '../palettes.js';

/** What a pairing draws, which sets the WCAG AA minimum it must meet. */
export type PairingUse = 'text' | 'userInterface';

export interface ColorPairing {
  foreground: keyof Palette;
  background: keyof Palette;
  use: PairingUse;
  /** Where the components draw it, for the designer reading the table. */
  where: string;
}

/** Every foreground/background pairing the components draw. */
export const colorPairings: readonly ColorPairing[] = [
  { foreground: 'text', background: 'background', use: 'text', where: 'Body text' },
  { foreground: 'textMuted', background: 'background', use: 'text', where: 'Handles, times' },
  { foreground: 'text', background: 'surface', use: 'text', where: 'Secondary buttons' },
  { foreground: 'textMuted', background: 'surface', use: 'text', where: 'Day separators' },
  { foreground: 'text', background: 'surfaceHover', use: 'text', where: 'Hovered rows' },
  { foreground: 'textMuted', background: 'surfaceHover', use: 'text', where: 'Hovered rows' },
  { foreground: 'accent', background: 'background', use: 'text', where: 'Links, active tab' },
  { foreground: 'accent', background: 'surface', use: 'text', where: 'Links on cards' },
  { foreground: 'accent', background: 'accentSubtle', use: 'text', where: 'Selected items' },
  { foreground: 'onAccent', background: 'accent', use: 'text', where: 'Primary buttons' },
  { foreground: 'onAccent', background: 'accentHover', use: 'text', where: 'Hovered primary' },
  { foreground: 'danger', background: 'background', use: 'text', where: 'Errors' },
  { foreground: 'danger', background: 'dangerSubtle', use: 'text', where: 'Error banners' },
  { foreground: 'onDanger', background: 'danger', use: 'text', where: 'Destructive buttons' },
  { foreground: 'onDanger', background: 'dangerHover', use: 'text', where: 'Hovered destructive' },
  { foreground: 'like', background: 'background', use: 'text', where: 'Like count' },
  { foreground: 'rewhisp', background: 'background', use: 'text', where: 'Rewhisp count' },
  // Unread notifications sit on the subtle accent.
  { foreground: 'text', background: 'accentSubtle', use: 'text', where: 'Unread rows' },
  { foreground: 'textMuted', background: 'accentSubtle', use: 'text', where: 'Unread rows' },
  { foreground: 'tooltipText', background: 'tooltipBackground', use: 'text', where: 'Tooltips' },
  // Not text, so 3:1 (WCAG 1.4.11): what shows where a control is and which one has focus.
  {
    foreground: 'borderStrong',
    background: 'background',
    use: 'userInterface',
    where: 'Field and checkbox outlines',
  },
  {
    foreground: 'focusRing',
    background: 'background',
    use: 'userInterface',
    where: 'Focus ring',
  },
  { foreground: 'focusRing', background: 'surface', use: 'userInterface', where: 'Focus ring' },
];

export interface PairingMeasure {
  ratio: number;
  /** The AA minimum for this use: 4.5 for text, 3 for user-interface parts. */
  minimum: number;
  passes: boolean;
  /** Text below 4.5:1 that still reaches 3:1 would do for large text only (24 px, or 18.66 px bold). */
  largeTextOnly: boolean;
}

/** One pairing's contrast in one palette, against the minimum for what it draws. */
export function measurePairing(pairing: ColorPairing, palette: Palette): PairingMeasure {
  const ratio = contrastRatio(palette[pairing.foreground], palette[pairing.background]);
  const minimum = pairing.use === 'text' ? contrastMinimum.text : contrastMinimum.userInterface;
  return {
    ratio,
    minimum,
    passes: ratio >= minimum,
    largeTextOnly:
      pairing.use === 'text' && ratio < contrastMinimum.text && ratio >= contrastMinimum.largeText,
  };
}
